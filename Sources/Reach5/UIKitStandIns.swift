import Foundation

// Headless stand-ins for the UIKit types the SDK's app-lifecycle methods take
// (`application(_:open:options:)` and its siblings), so an app delegate written for iOS compiles
// on Linux and a test can drive it. They carry no behaviour: on Linux there is no application
// object, no launch options and no user-activity hand-off; the SDK only forwards them.
#if !canImport(UIKit)
    /// The app object an app delegate receives; `UIApplication.shared` is the one instance.
    open class UIApplication: NSObject, @unchecked Sendable {
        public static let shared = UIApplication()

        /// The delegate an app installs (a test may set it; nothing reads it).
        open weak var delegate: UIApplicationDelegate?

        override public init() {}

        /// Keys of `application(_:open:options:)`'s options.
        public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
            public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
            public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
        }

        /// Keys of `application(_:didFinishLaunchingWithOptions:)`'s launch options.
        public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
            public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
        }
    }

    /// The base class of an app delegate.
    open class UIResponder: NSObject {
        override public init() {}
    }

    /// What an app delegate adopts; every requirement is optional in UIKit, so none here.
    public protocol UIApplicationDelegate: AnyObject {}

    /// What a restoration handler receives.
    public protocol UIUserActivityRestoring: AnyObject {}
#endif

#if !canImport(Darwin)
    /// Foundation's user activity (a universal link's hand-off), absent from Linux's Foundation.
    open class NSUserActivity: NSObject {
        public let activityType: String
        /// The link a universal-link activity carries.
        open var webpageURL: URL?
        open var userInfo: [AnyHashable: Any]?

        public init(activityType: String) {
            self.activityType = activityType
        }
    }

    /// The activity type of a universal link.
    public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
#endif
