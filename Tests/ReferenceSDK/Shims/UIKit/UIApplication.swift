// Stand-ins for the UIKit types the SDK's app hooks name (Provider.swift, ReachFiveApplication.swift,
// Presentation.swift): enough for those files to build as they are, so the driver can hand a link
// to the SDK's own `application(_:open:options:)`. Nothing here draws or runs a run loop.
import Foundation

@MainActor
open class UIApplication {
    public static let shared = UIApplication()
    public var connectedScenes: Set<UIScene> = []

    public struct OpenURLOptionsKey: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public struct LaunchOptionsKey: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public init() {}
}

public protocol UIUserActivityRestoring: AnyObject {}
