import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// addMfaCredentialRegistrationCallback with the emailed link, as an app meets it: the user opens
/// the link (the server verifies and redirects to the app's mfaUri), the app is handed that URL
/// (`interceptUrl`), and the callback hears the outcome.
final class MfaLinkCallbackTests: MfaExampleTestCase {
    private func outcome(of link: String) async throws -> Result<Void, ReachFiveError> {
        let appURL = try await server.emulator.open(link: link)
        XCTAssertEqual(appURL.scheme, AppDelegate.reachfive().sdkConfig.mfaUri.scheme)
        let heard = Heard()
        AppDelegate.reachfive().addMfaCredentialRegistrationCallback { heard.result = $0 }
        AppDelegate.reachfive().interceptUrl(appURL)
        return try XCTUnwrap(heard.result)
    }

    func testTheEmailedLinkCompletesTheRegistration() async throws {
        try await signIn(verified: false)
        _ = try await AppDelegate.reachfive().mfaStart(registering: .Email(), authToken: profileAuthToken)
        let messages = try await server.emulator.outbox(to: Self.email)
        let link = try XCTUnwrap(messages.last?.link)
        if case .failure(let error) = try await outcome(of: link) { XCTFail("\(error)") }
        // Opening the link proves the unverified address: the ownership rule ran (the creator's
        // session ended, the address is verified) and the factor is on the prover's account.
        let found = try await server.emulator.account(identifier: Self.email)
        let account = try XCTUnwrap(found)
        XCTAssertEqual(account.emailVerified, true)
        let state = try await server.emulator.mfaState(accountId: account.uid)
        XCTAssertEqual(state.credentials.map { $0.type }, ["email"])
        do {
            _ = try await factors()
            XCTFail("the session that asked for the factor outlived the owner's proof")
        } catch ReachFiveError.AuthFailure {}
    }

    func testAWrongCodeInTheLinkFailsTheCallback() async throws {
        try await signIn(verified: false)
        _ = try await AppDelegate.reachfive().mfaStart(registering: .Email(), authToken: profileAuthToken)
        let messages = try await server.emulator.outbox(to: Self.email)
        let link = try XCTUnwrap(messages.last?.link).replacingOccurrences(of: "verification_code=", with: "verification_code=9")
        guard case .failure(.TechnicalError(let reason, let apiError)) = try await outcome(of: link) else {
            return XCTFail("a wrong code completed the registration")
        }
        XCTAssertEqual(reason, "invalid_grant")
        XCTAssertEqual(apiError?.errorMessageKey, "error.invalidVerificationCode")
        let listed = try await factors()
        XCTAssertEqual(listed, [])
    }
}
