import Foundation
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// verifyPhoneNumber (8.2.0 and 11.0.0), with SMS on so that a new number gets its code.
final class PhoneVerificationExamplesTests: ProfileExampleTestCase {
    override class func configure(_ configuration: inout ServerConfiguration) { configuration.sms = true }

    /// John changes his number to the page's; the SMS code becomes the example's code.
    private func awaitingThePagesNumber() async throws {
        try await logInJohn(phoneNumber: nil)
        _ = try await AppDelegate.reachfive().updatePhoneNumber(authToken: profileAuthToken, phoneNumber: "+33750253354")
        verificationCode = try await code(to: "+33750253354")
        let observed1 = try await profileNow().phoneNumberVerified
        XCTAssertNotEqual(observed1, true)
    }

    // "Verifies the phone number": the profile's number is verified.
    private func checkVerified() async throws {
        let profile = try await profileNow()
        XCTAssertEqual(profile.phoneNumber, "+33750253354")
        XCTAssertEqual(profile.phoneNumberVerified, true)
    }

    func testVerifyPhoneNumber110() async throws {
        try await awaitingThePagesNumber()
        let mark = recorder.requests.count
        await E110_verifyPhoneNumber.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/verify-phone-number"])
        try await checkVerified()
    }

    func testVerifyPhoneNumber82() async throws {
        try await awaitingThePagesNumber()
        E82_verifyPhoneNumber.run()
        await settle()
        try await checkVerified()
    }

    func testVerifyPhoneNumberWithAWrongCodeChangesNothing110() async throws {
        try await awaitingThePagesNumber()
        verificationCode = verificationCode == "000000" ? "111111" : "000000"
        await E110_verifyPhoneNumber.run()
        let observed2 = try await profileNow().phoneNumberVerified
        XCTAssertNotEqual(observed2, true)
        let observed3 = try await lastStatus("POST", "/identity/v1/verify-phone-number")
        XCTAssertEqual(observed3, 400)
    }
}

/// refreshAccessToken and logout (8.2.0 and 11.0.0).
final class TokenExamplesTests: ProfileExampleTestCase {
    // refreshAccessToken: the refresh token is exchanged at /oauth/token for new tokens.
    private func checkRefreshed(since mark: Int) async throws {
        XCTAssertEqual(paths(since: mark), ["POST /oauth/token"])
        let body = try XCTUnwrap(sent(since: mark).first?.body)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(json["grant_type"] as? String, "refresh_token")
        XCTAssertEqual(json["refresh_token"] as? String, authToken.refreshToken)
        let observed4 = try await lastStatus("POST", "/oauth/token")
        XCTAssertEqual(observed4, 200)
    }

    func testRefreshAccessToken110() async throws {
        try await logInJohn()
        XCTAssertNotNil(authToken.refreshToken, "offline_access gives a refresh token")
        let mark = recorder.requests.count
        await E110_refreshAccessToken.run()
        try await checkRefreshed(since: mark)
    }

    func testRefreshAccessToken82() async throws {
        try await logInJohn()
        let mark = recorder.requests.count
        E82_refreshAccessToken.run()
        await settle()
        try await checkRefreshed(since: mark)
    }

    // logout (8.2): the SSO session ends (GET /identity/v1/logout), nothing revoked.
    func testLogout82() async throws {
        try await logInJohn()
        let mark = recorder.requests.count
        E82_logout.run()
        await settle()
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/logout"])
        let observed5 = try await lastStatus("GET", "/identity/v1/logout")
        XCTAssertEqual(observed5, 204)
        _ = try await profileNow() // "Tokens are not revoked"
    }

    // logout (11.0): the basic logout; then "tokens are revoked" (access and refresh token); then
    // the web logout visits the logout endpoint with the app's redirect URI and the origin.
    func testLogout110() async throws {
        try await logInJohn()
        // John also logged in on the web, in the window's browser: its SSO session is what the
        // web logout ends ("Browser cookies are cleared").
        window.webLogin = .password(identifier: "john.doe@gmail.com", password: Self.password)
        _ = try await AppDelegate.reachfive().webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        let opened = try await server.emulator.webSessions()
        XCTAssertEqual(opened.count, 1)
        let mark = recorder.requests.count
        await E110_logout.run()
        XCTAssertEqual(
            paths(since: mark),
            [
                "GET /identity/v1/logout", "POST /oauth/revoke", "POST /oauth/revoke", "GET /identity/v1/logout",
                "GET /identity/v1/logout", "GET /identity/v1/logout",
            ])
        let web = try XCTUnwrap(URLComponents(url: sent(since: mark)[4].url, resolvingAgainstBaseURL: false)?.queryItems)
        XCTAssertEqual(
            web.first { $0.name == "post_logout_redirect_uri" }?.value, AppDelegate.reachfive().sdkConfig.redirectUri.absoluteString)
        XCTAssertEqual(web.first { $0.name == "origin" }?.value, "app_logout")
        let left = try await server.emulator.webSessions()
        XCTAssertEqual(left, [], "the web logout ended the browser's SSO session")
        window.webLogin = .cancel
        do {
            _ = try await AppDelegate.reachfive().webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
            XCTFail("the browser still had a session")
        } catch ReachFiveError.AuthCanceled {}
        do {
            _ = try await profileNow()
            XCTFail("the revoked access token still reads the profile")
        } catch ReachFiveError.AuthFailure {}
        do {
            _ = try await AppDelegate.reachfive().refreshAccessToken(authToken: authToken)
            XCTFail("the revoked refresh token still refreshes")
        } catch let error as ReachFiveError {
            if case .TechnicalError = error { XCTFail("expected the server's refusal, got \(error)") }
        }
    }
}
