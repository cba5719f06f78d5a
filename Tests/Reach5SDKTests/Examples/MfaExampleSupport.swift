import Foundation
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// What the MFA examples need before they run: a signed-in account (`profileAuthToken`), and
/// for the step-up pages, a second factor registered so that a password login steps up.
class MfaExampleTestCase: ExampleTestCase {
    static let email = "mfa.user@example.com"
    static let password = "Mfa-Example-42"

    /// The phone factor examples text a code: SMS on.
    override class func configure(_ configuration: inout ServerConfiguration) {
        configuration.sms = true
    }

    /// An account with a password (its email verified unless `verified` is false), signed in.
    func signIn(verified: Bool = true) async throws {
        _ = try await server.emulator.createAccount([
            "email": .string(Self.email), "password": .string(Self.password), "email_verified": .bool(verified),
        ])
        guard
            case .AchievedLogin(let token) = try await AppDelegate.reachfive().loginWithPassword(email: Self.email, password: Self.password)
        else { return XCTFail("the first login stepped up") }
        profileAuthToken = token
    }

    /// Signs in and registers the (verified) email as a second factor: enabled at once.
    func signInWithEmailFactor() async throws {
        try await signIn()
        guard case .Success(let item) = try await AppDelegate.reachfive().mfaStart(registering: .Email(), authToken: profileAuthToken)
        else { return XCTFail("a verified email needed a code") }
        XCTAssertEqual(item.type, .email)
    }

    /// A password login that steps up: its token in `stepUpToken`.
    func loginStepsUp() async throws {
        let flow = try await AppDelegate.reachfive().loginWithPassword(email: Self.email, password: Self.password)
        guard case .OngoingStepUp(let token, let types) = flow else { return XCTFail("no step-up: \(flow)") }
        XCTAssertEqual(types, [.email])
        stepUpToken = token
    }

    /// A started step-up: `challengeId` and the emailed code in `verificationCode`.
    func startStepUp() async throws {
        try await loginStepsUp()
        let cursor = try await server.emulator.outboxCursor()
        let started = try await AppDelegate.reachfive().mfaStart(stepUp: .LoginFlow(authType: .email, stepUpToken: stepUpToken))
        challengeId = started.challengeId
        verificationCode = try await server.emulator.waitForMessage(to: Self.email, after: cursor, timeout: .zero) { $0.code != nil }.code
    }

    func factors() async throws -> [MfaCredentialItemType] {
        try await AppDelegate.reachfive().mfaListCredentials(authToken: profileAuthToken).credentials.map(\.type)
    }

    /// The messages sent to `to` after `cursor`.
    func sent(to: String, after cursor: Int64) async throws -> [OutboxMessage] {
        try await server.emulator.outbox(to: to, afterId: cursor)
    }
}

/// What a link callback heard (the SDK calls it on the caller's thread, inside `interceptUrl`).
final class Heard: @unchecked Sendable { // written once, in interceptUrl, before the test reads it
    var result: Result<Void, ReachFiveError>?
}
