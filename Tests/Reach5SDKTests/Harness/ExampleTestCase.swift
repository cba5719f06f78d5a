import Foundation
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// A test of SDK documentation examples: a server in this process, and `AppDelegate.reachfive()`
/// pointed at it (initialized, as an app does at launch), recording what it sends.
class ExampleTestCase: XCTestCase {
    var server: LocalIdentityServer!
    var recorder: WireRecorder!
    /// Changes the server's configuration before it starts (a subclass's rules).
    class func configure(_ configuration: inout ServerConfiguration) {}

    /// The redirect URLs the documentation pages pass, registered as the app's allowed callback
    /// URLs as an app registers its own (the server sends an emailed link only to one of them).
    static let documentedCallbackURLs = [
        "https://example.com/callback", "reachfive-${clientId}://callback", "reachfive-clientId://account-recovery",
        "reachfive-clientId://password-reset", "https://example-password-reset.com", "https://example-email-verification.com",
        "https://www.example.com/redirect", "https://example-email-update.com",
    ]

    override func setUp() async throws {
        server = try await LocalIdentityServer.start {
            $0.allowedCallbackURLs = $0.callbackURLs + Self.documentedCallbackURLs
            Self.configure(&$0)
        }
        recorder = WireRecorder()
        AppDelegate.instance = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        try await AppDelegate.reachfive().initialize()
        window = try HeadlessPresentation.ephemeral()
    }

    override func tearDown() async throws {
        await AppDelegate.reachfive().settled()
        await server.stop()
        AppDelegate.instance = nil
        window = nil
    }

    /// Waits for the Futures an example started (its callbacks included).
    func settle() async { await AppDelegate.reachfive().settled() }

    /// The requests sent since `mark` (`recorder.requests.count` taken before the example).
    func sent(since mark: Int) -> [WireRecorder.Sent] { Array(recorder.requests.dropFirst(mark)) }

    /// The paths of those requests, `"POST /identity/v1/password/login"`.
    func paths(since mark: Int) -> [String] { sent(since: mark).map { "\($0.method) \($0.url.path)" } }

    /// The newest code the server sent to `address`.
    func code(to address: String) async throws -> String { try await server.emulator.latestCode(to: address, timeout: .zero) }
}
