// NSUserActivity is Foundation's on Apple platforms and absent from swift-corelibs-foundation; the
// SDK's universal-link hooks name it (Provider.swift, ReachFiveApplication.swift).
import Foundation

open class NSUserActivity: NSObject {
    public let activityType: String
    open var webpageURL: URL?
    public init(activityType: String) { self.activityType = activityType }
}
