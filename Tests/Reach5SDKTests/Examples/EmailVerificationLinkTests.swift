import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// addEmailVerificationCallback with the emailed link, as an app meets it (#47, finding 3): the
/// person opens the link, the server verifies the address and redirects to the app's
/// email-verification URI, the app hands that URL to the SDK, and the callback hears the outcome;
/// a wrong code comes back as the error, and the address stays unverified.
final class EmailVerificationLinkTests: MfaExampleTestCase {
    private func outcome(of link: String) async throws -> Result<Void, ReachFiveError> {
        let appURL = try await server.emulator.open(link: link)
        XCTAssertEqual(appURL.scheme, AppDelegate.reachfive().sdkConfig.emailVerificationUri.scheme)
        let heard = Heard()
        AppDelegate.reachfive().addEmailVerificationCallback { heard.result = $0 }
        AppDelegate.reachfive().interceptUrl(appURL)
        return try XCTUnwrap(heard.result)
    }

    private func verified() async throws -> Bool? {
        try await server.emulator.account(identifier: Self.email)?.emailVerified
    }

    func testTheEmailedLinkVerifiesTheAddress() async throws {
        try await signIn(verified: false)
        _ = try await AppDelegate.reachfive().sendEmailVerification(authToken: profileAuthToken)
        let sent = try await server.emulator.outbox(to: Self.email)
        let link = try XCTUnwrap(sent.last?.link)
        let wrong = try await outcome(of: link.replacingOccurrences(of: "verification_code=", with: "verification_code=9"))
        guard case .failure(.TechnicalError(let reason, let apiError)) = wrong else { return XCTFail("a wrong code verified: \(wrong)") }
        XCTAssertEqual(reason, "invalid_grant")
        XCTAssertEqual(apiError?.errorMessageKey, "error.invalidVerificationCode")
        let before = try await verified()
        XCTAssertEqual(before, false)

        if case .failure(let error) = try await outcome(of: link) { XCTFail("\(error)") }
        let after = try await verified()
        XCTAssertEqual(after, true)
        // The app's session goes on, and sees the address verified.
        let profile = try await AppDelegate.reachfive().getProfile(authToken: profileAuthToken)
        XCTAssertEqual(profile.emailVerified, true)
    }
}
