import Encoding
import Foundation
@testable import IdentityServer
import XCTest

/// The takeover paths of issue 18, each replayed as the attacker found it: SMS sign-in on the
/// pre-registrant's own phone, SMS sign-in with SMS off, sessions that outlive a password
/// change, and a password change on a month-old login.
final class AccountTakeoverTests: XCTestCase {
    static let password = "correct horse battery staple"

    /// Finding 2: the attacker signed up as the victim's email plus his own phone number. After
    /// the victim's magic link, SMS sign-in on that phone gave him the victim's account.
    func testTheOwnersMagicLinkTakesThePreRegistrantsPhoneOffTheAccount() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let flows = AccountFlows(server: server)
        let attackerPhone = AccountFlows.Identifier.phone("+33698765401")
        let signup = try await flows.passwordSignup(["email": "victim@example.com", "phone_number": .string(attackerPhone.value),
                                                     "password": .string(Self.password)])
        assertStatus(signup, 200)
        let owner = try unwrap(try await flows.userinfo(try await flows.passwordless(.email("victim@example.com"))))
        XCTAssertNil(owner["phone_number"], "the phone the attacker added is off the owner's account")
        let viaPhone = try await flows.userinfo(try await flows.passwordless(attackerPhone))
        XCTAssertNotNil(viaPhone, "SMS sign-in works, as a signup of a new account")
        XCTAssertNotEqual(viaPhone?["uid"], owner["uid"], "SMS sign-in on the attacker's phone reaches the owner's account")
        XCTAssertNil(viaPhone?["email"])
        await server.stop()
    }

    /// Finding 2, second half: SMS sign-in worked while the configuration said `"sms": false`.
    func testSMSSignInIsRefusedWhenSMSIsOff() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = false })
        let flows = AccountFlows(server: server)
        let pkce = TestServer.pkce()
        assertAPIError(try await flows.passwordlessStart(.phone("+33612345678"), challenge: pkce.challenge), status: 400, error: "invalid_request")
        try await assertEqualAsync(try await server.outbox(to: "+33612345678").count, 0, "no SMS was sent")
        XCTAssertEqual(try server.env.store.allAccounts().count, 0, "no account was made")
        // A phone number already on an account (from signup) cannot be used to sign in either.
        assertStatus(try await flows.passwordSignup(["phone_number": "+33612345678", "password": .string(Self.password)]), 200)
        assertAPIError(try await flows.passwordlessStart(.phone("+33612345678"), challenge: pkce.challenge), status: 400, error: "invalid_request")
        assertAPIError(try await server.client.post("/identity/v1/passwordless/verify", .object([
            "client_id": .string(server.clientId), "phone_number": "+33612345678", "verification_code": "123456"])), status: 400, error: "invalid_request")
        await server.stop()
    }

    /// Finding 4: a password change ended no other session.
    func testAPasswordChangeEndsEveryOtherSession() async throws {
        let server = try await TestServer.start()
        let flows = AccountFlows(server: server)
        let me = try await server.login(email: "pat@example.com")
        let other = try unwrap(try await flows.passwordLogin(.email("pat@example.com"), password: Self.password))
        let change = try await server.client.post("/identity/v1/update-password", .object([
            "old_password": .string(Self.password), "password": "a brand new passphrase 2026"]), token: me["access_token"]?.stringValue)
        assertStatus(change, 204)
        try await assertNilAsync(try await flows.userinfo(other), "the other session's access token still works")
        try await assertNilAsync(try await flows.refresh(other), "the other session's refresh token still works")
        try await assertNotNilAsync(try await flows.userinfo(me), "the caller's own session ended")
        let refreshed = try unwrap(try await flows.refresh(me), "the caller's refresh token was revoked")
        try await assertNotNilAsync(try await flows.userinfo(refreshed), "a token refreshed in the caller's session is refused")
        try await assertNilAsync(try await flows.passwordLogin(.email("pat@example.com"), password: Self.password), "the old password still works")
        try await assertNotNilAsync(try await flows.passwordLogin(.email("pat@example.com"), password: "a brand new passphrase 2026"))
        // The next change (without keeping anything) ends the kept session too.
        let reset = try await flows.passwordReset(.email("pat@example.com"), newPassword: "yet another passphrase 2027")
        assertStatus(reset, 204)
        try await assertNilAsync(try await flows.userinfo(refreshed), "a reset ends every session, the kept one included")
        await server.stop()
    }

    /// Finding 4: a password change with only a token worked with a token refreshed 29 days
    /// after the login. Without the old password, the login must be fresh (ReachFive's 401
    /// `error.accessToken.freshness`); a refresh is not a login.
    func testAPasswordChangeWithoutTheOldPasswordNeedsAFreshLogin() async throws {
        let server = try await TestServer.start()
        let flows = AccountFlows(server: server)
        let login = try await server.login(email: "lee@example.com")
        server.env.clock.advance(seconds: 29 * 86400)
        let refreshed = try unwrap(try await flows.refresh(login), "a 29-day-old refresh token still refreshes")
        let stale = try await server.client.post("/identity/v1/update-password", .object(["password": "a brand new passphrase 2026"]),
                                                 token: refreshed["access_token"]?.stringValue)
        assertAPIError(stale, status: 401, error: "invalid_token")
        XCTAssertEqual(stale.json["error_message_key"], "error.accessToken.freshness")
        try await assertNotNilAsync(try await flows.passwordLogin(.email("lee@example.com"), password: Self.password), "the refused change changed the password")
        // The same through update-profile's password (a profile without email).
        let noEmail = try await flows.passwordSignup(["phone_number": "+33612340000", "password": .string(Self.password)])
        server.env.clock.advance(seconds: 301)
        let viaProfile = try await server.client.post("/identity/v1/update-profile", .object(["password": "a brand new passphrase 2026"]),
                                                      token: noEmail.json["access_token"]?.stringValue)
        XCTAssertEqual(viaProfile.json["error_message_key"], "error.accessToken.freshness")
        // With the old password, or after a fresh login, the change goes through.
        let withOld = try await server.client.post("/identity/v1/update-password", .object([
            "old_password": .string(Self.password), "password": "a brand new passphrase 2026"]), token: refreshed["access_token"]?.stringValue)
        assertStatus(withOld, 204)
        let fresh = try unwrap(try await flows.passwordLogin(.email("lee@example.com"), password: "a brand new passphrase 2026"))
        server.env.clock.advance(seconds: 299)
        let freshChange = try await server.client.post("/identity/v1/update-password", .object(["password": "the third passphrase 2028"]),
                                                       token: fresh["access_token"]?.stringValue)
        assertStatus(freshChange, 204)
        await server.stop()
    }

    /// Finding 3: a password reset left the email unverified although the code went to it.
    func testAPasswordResetVerifiesTheIdentifierItWasSentTo() async throws {
        let server = try await TestServer.start()
        let flows = AccountFlows(server: server)
        let attacker = try await server.signup(email: "reset-victim@example.com")
        assertStatus(attacker, 200)
        assertStatus(try await flows.passwordReset(.email("reset-victim@example.com"), newPassword: "the owner's passphrase 99"), 204)
        let owner = try unwrap(try await flows.userinfo(try await flows.passwordLogin(.email("reset-victim@example.com"), password: "the owner's passphrase 99")))
        XCTAssertEqual(owner["email_verified"], .bool(true))
        try await assertNilAsync(try await flows.userinfo(attacker.json), "the pre-registrant's session survived the owner's reset")
        await server.stop()
    }
}
