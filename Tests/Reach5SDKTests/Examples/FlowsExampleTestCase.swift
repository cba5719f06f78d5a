import Foundation
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The flows pages' tests: the page's account made first through the emulator, the harness's
/// `clientId`, and the outbox read back.
class FlowsExampleTestCase: ExampleTestCase {
    static let password = "UCrcF4RH"

    /// The pages send SMS (phone-number forms): the server's SMS channel on.
    override class func configure(_ configuration: inout ServerConfiguration) {
        configuration.sms = true
    }

    override func setUp() async throws {
        try await super.setUp()
        clientId = AppDelegate.reachfive().sdkConfig.clientId
    }

    func makeAccount(_ fields: [String: JSONValue]) async throws {
        _ = try await server.emulator.createAccount(fields)
    }

    /// The newest message to `address` (waiting for it a little: it is written in the request's
    /// transaction, so it is there once the example's request answered).
    func message(to address: String) async throws -> OutboxMessage {
        try await server.emulator.waitForMessage(to: address, timeout: .seconds(5))
    }

    /// A password login through the API (not an example): the tokens, or nil when refused.
    func login(_ identifier: String, _ password: String) async -> AuthToken? {
        let flow = try? await AppDelegate.reachfive().loginWithPassword(
            email: identifier.contains("@") ? identifier : nil, phoneNumber: identifier.contains("@") ? nil : identifier,
            password: password)
        guard case .AchievedLogin(let token)? = flow else { return nil }
        return token
    }
}
