import Foundation
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// signup's page with a server that refuses logins before verification
/// (`unverified_identifier_login: false`): "Signup completed but email/phone verification is
/// required" — the 11.0 form answers `.AwaitingIdentifierVerification`, the 8.2 form fails with
/// an AuthFailure naming it, and the account exists unverified with its verification message sent.
final class SignupAwaitingVerificationTests: FlowsExampleTestCase {
    override class func configure(_ configuration: inout ServerConfiguration) {
        super.configure(&configuration)
        configuration.unverifiedIdentifierLogin = false
    }

    func testSignupWithEmail110AwaitsVerification() async throws {
        let mark = recorder.requests.count
        await E110_signupWithEmail.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/signup-token"])
        let accountAwaited = try await server.emulator.account(identifier: "john.doe@gmail.com")
        let account = try XCTUnwrap(accountAwaited)
        XCTAssertEqual(account.emailVerified, false)
        let awaited10 = try await message(to: "john.doe@gmail.com").channel
        XCTAssertEqual(awaited10, .email)
        let flow = try await AppDelegate.reachfive().signup(profile: ProfileSignupRequest(password: "hjk90wxc", email: "ann@example.com"))
        guard case .AwaitingIdentifierVerification = flow else { return XCTFail("\(flow)") }
    }

    func testSignupWithPhoneNumber110AwaitsVerification() async throws {
        await E110_signupWithPhoneNumber.run()
        let accountAwaited = try await server.emulator.account(identifier: "+353875551234")
        let account = try XCTUnwrap(accountAwaited)
        XCTAssertEqual(account.phoneNumberVerified, false)
    }

    func testSignup82ReportsTheAwaitedVerificationAsAnAuthFailure() async throws {
        let future: Future<AuthToken, ReachFiveError> = AppDelegate.reachfive().signup(
            profile: ProfileSignupRequest(password: "hjk90wxc", email: "ann@example.com"))
        do {
            _ = try await future.value()
            XCTFail("a token without verification")
        } catch .AuthFailure(let reason, _) {
            XCTAssertTrue(reason.hasPrefix("AwaitingIdentifierVerification"), reason)
        } catch {
            XCTFail("\(error)")
        }
    }
}
