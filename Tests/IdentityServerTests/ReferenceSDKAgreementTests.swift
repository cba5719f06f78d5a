import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// Where the real ReachFive iOS SDK (its own code at 11.0.0, driven against the server) and the
/// server disagreed, and `Reach5` agreed with the server (#47): each test failed on the server
/// before the fix. The SDK's side of each is quoted from `../shared/reachfive-ios/11.0.0`.
final class ReferenceSDKAgreementTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    /// Finding 4: `getProfile` asks for `auth_types` in `fields` and decodes `Profile.authTypes`
    /// ("the list of the authentication providers used to login by the profile (e.g. facebook,
    /// password ...)", docs/modules/ROOT/partials/models.adoc); the server left it out.
    func testUserinfoListsTheAccountsAuthTypes() async throws {
        let flows = AccountFlows(server: server)
        let password = try await server.login(email: "types-password@example.com")
        let me = try unwrap(try await flows.userinfo(password))
        XCTAssertEqual(me["auth_types"], .array(["password"]))

        let passkey = try await flows.passkeySignup(["email": "types-passkey@example.com"], device: try PasskeyDevice())
        let passkeyProfile = try unwrap(try await flows.userinfo(passkey))
        XCTAssertEqual(passkeyProfile["auth_types"], .array(["webauthn"]))

        let google = try await ProviderFlows(server: server).login("google", email: "types-google@example.com")
        let googleProfile = try unwrap(try await flows.userinfo(google))
        XCTAssertEqual(googleProfile["auth_types"], .array(["google"]))

        // update-profile answers with the same profile.
        let updated = try await server.client.post(
            "/identity/v1/update-profile", .object(["nickname": "t"]), token: password["access_token"]?.stringValue)
        assertStatus(updated, 200)
        XCTAssertEqual(updated.json["auth_types"], .array(["password"]))
    }

    /// Finding 6: the Sandbox shows `error_user_msg` to the person; ReachFive's API reference
    /// gives the texts without a final full stop ("Invalid email or password", "Email already in
    /// use", "Valid email required").
    func testErrorTextsAreReachFivesOwn() async throws {
        assertStatus(try await server.signup(email: "texts@example.com"), 200)
        let wrong = try await server.passwordLogin(email: "texts@example.com", password: "not the password at all")
        assertAPIError(wrong, status: 400, error: "invalid_grant")
        XCTAssertEqual(wrong.json["error_user_msg"], "Invalid email or password")
        XCTAssertEqual(wrong.json["error_description"], "Invalid email or password")
        let taken = try await server.signup(email: "texts@example.com")
        XCTAssertEqual(taken.json["error_user_msg"], "Email already in use")
        let invalid = try await server.signup(email: "not-an-email")
        XCTAssertEqual(invalid.json["error_user_msg"], "Valid email required")
        // No one-sentence text ends with a full stop, in any locale.
        for key in MessageKey.allCases {
            for locale in LocalizedMessages.locales {
                let text = LocalizedMessages.message(key, locale: locale)
                let sentences = key.english.components(separatedBy: ". ").count
                if sentences == 1 { XCTAssertFalse(text.hasSuffix(".") || text.hasSuffix("。"), "\(key) \(locale): \(text)") }
            }
        }
    }

    /// Finding 7: the Sandbox's step-up (`StartStepUp.AuthTokenFlow(…, scope: [… "mfa"])`) asks
    /// for the `mfa` scope, as ReachFive's step-up documentation does ("scope": "openid … mfa");
    /// the server answered `invalid_scope`. Now any request may name it, and only a token whose
    /// login proved a second factor carries it.
    func testTheMfaScopeIsGrantedBySecondFactorsOnly() async throws {
        let email = "mfa-scope@example.com"
        let mfa = MfaFlows(server: server)
        let plain = try await server.login(email: email, scope: TestServer.allScopes + " mfa")
        let scope = try unwrap(plain["scope"]?.stringValue).split(separator: " ")
        XCTAssertFalse(scope.contains("mfa"), "a password login was granted mfa")
        XCTAssertTrue(scope.contains("openid"))
        let access = try unwrap(plain["access_token"]?.stringValue)
        try await mfa.registerEmail(email, access: access)

        // The Sandbox's session step-up, scope as it sends it.
        let pkce = TestServer.pkce()
        let started = try await server.client.post(
            "/identity/v1/mfa/stepup",
            .object([
                "response_type": "code", "client_id": .string(server.clientId), "redirect_uri": .string(server.callback),
                "code_challenge": .string(pkce.challenge), "code_challenge_method": "S256", "scope": "openid email profile mfa",
            ]), token: access)
        assertStatus(started, 200)
        let challenge = try await mfa.startChallenge(stepUp: try unwrap(started.json["token"]?.stringValue))
        assertStatus(challenge, 200)
        let code = try unwrap(try await server.outbox(to: email).last?.code)
        let verified = try await mfa.verifyChallenge(try unwrap(challenge.json["challenge_id"]?.stringValue), code: code)
        assertStatus(verified, 200)
        let tokens = try await server.token(code: try unwrap(verified.json["code"]?.stringValue), verifier: pkce.verifier)
        assertStatus(tokens, 200)
        XCTAssertEqual(Set(try unwrap(tokens.json["scope"]?.stringValue).split(separator: " ")), ["openid", "email", "profile", "mfa"])
    }

    /// Finding 5: "The code can then be passed to updatePassword or resetPasskeys" (the SDK's
    /// account-recovery guide, 11.0.0); `updatePassword(.EmailParams(…))` with it answered
    /// `error.invalidVerificationCode`. A wrong guess still counts once against the budget and
    /// the code, and the code works once.
    func testTheAccountRecoveryCodeResetsThePassword() async throws {
        let email = "recover-password@example.com"
        assertStatus(try await server.signup(email: email), 200)
        let recovery = try await server.client.post(
            "/identity/v1/account-recovery", .object(["client_id": .string(server.clientId), "email": .string(email)]))
        assertStatus(recovery, 204)
        let code = try unwrap(try await server.outbox(to: email).last?.code)
        func reset(_ code: String) async throws -> HTTPClient.Reply {
            try await server.client.post(
                "/identity/v1/update-password",
                .object([
                    "client_id": .string(server.clientId), "email": .string(email), "verification_code": .string(code),
                    "password": "a brand new passphrase 42",
                ]))
        }
        assertAPIError(try await reset(code == "000000" ? "000001" : "000000"), status: 400, error: "invalid_grant")
        assertStatus(try await reset(code), 204)
        assertStatus(try await server.passwordLogin(email: email, password: "a brand new passphrase 42"), 200)
        assertAPIError(try await reset(code), status: 400, error: "invalid_grant")
    }

    /// The path and query of a link the server emailed to itself (the test client speaks to it
    /// by path).
    private func serverPath(_ link: String?, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let link = try XCTUnwrap(link, "no link", file: file, line: line)
        XCTAssertTrue(link.hasPrefix(server.baseURL + "/"), "\(link) does not open the server", file: file, line: line)
        return String(link.dropFirst(server.baseURL.count))
    }

    /// Finding 2: the magic link went straight to the app with the sign-in code, and the SDK's
    /// `interceptPasswordless` needs an authorization `code` ("No authorization code"). Now it
    /// opens the server, which redirects to the app's callback with a code bound to the start's
    /// PKCE and the start's `state`; a used or wrong link redirects there with the error.
    func testTheMagicLinkRedirectsToTheAppWithAnAuthorizationCode() async throws {
        let email = "magic@example.com"
        let pkce = TestServer.pkce()
        let start = try await AccountFlows(server: server).passwordlessStart(.email(email), challenge: pkce.challenge)
        assertStatus(start, 204)
        let path = try serverPath(try await server.outbox(to: email).last?.link)
        let opened = try await server.client.get(path)
        XCTAssertEqual(opened.status, 302)
        let location = try unwrap(opened.location)
        XCTAssertEqual("\(location.scheme ?? "")://\(location.host ?? "")", server.callback)
        XCTAssertEqual(opened.query("state"), "s", "the start's state")
        let tokens = try await server.token(code: try unwrap(opened.query("code")), verifier: pkce.verifier)
        assertStatus(tokens, 200)
        let me = try unwrap(try await AccountFlows(server: server).userinfo(tokens.json))
        XCTAssertEqual(me["email_verified"], .bool(true), "the link proved the address")

        let again = try await server.client.get(path)
        XCTAssertEqual(again.status, 302)
        XCTAssertNil(again.query("code"))
        XCTAssertEqual(again.query("error"), "access_denied")
        XCTAssertEqual(again.query("error_message_key"), "error.invalidVerificationCode")
        // A link whose redirect is not the client's is refused outright: nobody is sent there.
        let elsewhere = try await server.client.get(
            path.replacingOccurrences(of: "redirect_uri=", with: "redirect_uri=https%3A%2F%2Fevil.example%2F&x="))
        XCTAssertEqual(elsewhere.status, 400)
        XCTAssertNil(elsewhere.header("Location"))
    }

    /// Finding 3: the email-verification link went straight to the app, whose handler only looks
    /// for `error`: the app saw success while the address stayed unverified. Now the link
    /// verifies at the server, then redirects to the app's email-verification URI (with `error`
    /// when the code was refused).
    func testTheEmailVerificationLinkVerifiesThenRedirects() async throws {
        let email = "verify-link@example.com"
        let tokens = try unwrap(try await server.signup(email: email).json["access_token"]?.stringValue)
        let path = try serverPath(try await server.outbox(to: email).last?.link)
        let wrong = try await server.client.get(path.replacingOccurrences(of: "verification_code=", with: "verification_code=9"))
        XCTAssertEqual(wrong.status, 302)
        XCTAssertEqual(wrong.query("error"), "invalid_grant")
        XCTAssertTrue(wrong.header("Location")?.hasPrefix("\(server.env.configuration.customScheme)://email-verification?") == true)
        let before = try await server.client.get("/identity/v1/userinfo", token: tokens)
        XCTAssertEqual(before.json["email_verified"], .bool(false))

        let opened = try await server.client.get(path)
        XCTAssertEqual(opened.status, 302)
        XCTAssertEqual(opened.header("Location"), "\(server.env.configuration.customScheme)://email-verification")
        // Verified, and nothing else changed: the session that asked goes on (the link is the
        // account's own request coming back, which a mail scanner may fetch before anyone reads it).
        let after = try await server.client.get("/identity/v1/userinfo", token: tokens)
        assertStatus(after, 200)
        XCTAssertEqual(after.json["email_verified"], .bool(true))
        XCTAssertEqual(after.json["has_password"], .bool(true))
    }

    /// Tokens for `email` (signed up already) from a code exchange whose request says `userAgent`.
    private func tokens(_ email: String, userAgent: String) async throws -> JSONValue {
        let login = try await server.passwordLogin(email: email)
        let pkce = TestServer.pkce()
        let authorize = try await server.authorize(tkn: try unwrap(login.json["tkn"]?.stringValue), challenge: pkce.challenge)
        let token = try await server.client.post(
            "/oauth/token",
            .object([
                "client_id": .string(server.clientId), "code": .string(try unwrap(authorize.query("code"))),
                "grant_type": "authorization_code", "redirect_uri": .string(server.callback), "code_verifier": .string(pkce.verifier),
            ]), headers: ["User-Agent": userAgent])
        assertStatus(token, 200)
        return token.json
    }

    /// Finding 1: `listSessionDevices` / `deleteSessionDevice` (SDK 11.0) answered 404 "No route",
    /// which the SDK turns into a TechnicalError. Each refresh family (`RT`) and SSO session (`ST`)
    /// is one device with its ip, user agent, operating system, device class and times; deleting
    /// one ends that family or session.
    func testSessionDevicesListAndEndEachSession() async throws {
        let email = "devices@example.com"
        assertStatus(try await server.signup(email: email), 200)
        let phone = try await tokens(email, userAgent: "Sandbox/42 CFNetwork/1494.0.7 Darwin/23.4.0")
        let laptop = try await tokens(email, userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36")
        let access = try unwrap(phone["access_token"]?.stringValue)
        let listed = try await server.client.get("/identity/v1/session-devices", token: access)
        assertStatus(listed, 200)
        let devices = try unwrap(listed.json["session_devices"]?.arrayValue)
        let byAgent = Dictionary(
            devices.compactMap { d in d["user_agent_name"]?.stringValue.map { ($0, d) } }, uniquingKeysWith: { a, _ in a })
        let sandbox = try unwrap(byAgent["Sandbox"], "\(devices)")
        XCTAssertEqual(sandbox["token_type"], "RT")
        XCTAssertEqual(sandbox["operating_system"], "iOS")
        XCTAssertEqual(sandbox["device_class"], "mobile")
        XCTAssertEqual(sandbox["ip"], "127.0.0.1")
        for key in ["id", "created_at", "last_connection", "expires_at"] { XCTAssertNotNil(sandbox[key]?.stringValue, key) }
        let chrome = try unwrap(byAgent["Chrome"], "\(devices)")
        XCTAssertEqual(chrome["operating_system"], "Linux")
        XCTAssertEqual(chrome["device_class"], "desktop")

        // An SSO session is a device too.
        let account = try unwrap(try server.env.store.account(where: .email, equals: email))
        let opened = try await server.emulator.openWebSession(accountId: account.id)
        let withSession = try await server.client.get("/identity/v1/session-devices", token: access)
        XCTAssertEqual(
            withSession.json["session_devices"]?.arrayValue?.filter { $0["token_type"] == "ST" }.map { $0["id"] },
            [.string(opened.session.id)])

        // Ending the laptop's family: its refresh token is refused, the phone's still works.
        let ended = try await server.client.delete(
            "/identity/v1/session-devices/" + (try unwrap(chrome["id"]?.stringValue)), token: access)
        assertStatus(ended, 204)
        try await assertNilAsync(try await AccountFlows(server: server).refresh(laptop), "the ended family still refreshes")
        try await assertNotNilAsync(try await AccountFlows(server: server).refresh(phone))
        let after = try await server.client.get("/identity/v1/session-devices", token: access)
        XCTAssertFalse(after.json["session_devices"]?.arrayValue?.contains { $0["id"] == chrome["id"] } ?? true)
        let unknown = try await server.client.delete("/identity/v1/session-devices/nothing-like-it", token: access)
        assertStatus(unknown, 404)
        // The console's account page lists them, the client's words escaped.
        _ = try await tokens(email, userAgent: "<script>alert(1)</script>/1 \u{202E}")
        let page = try await HTTPClient(baseURL: server.baseURL).get("/console/accounts/\(account.id)")
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains("Session devices"))
        // (The phone's family shows the device that used it last: this test's refresh.)
        XCTAssertTrue(html.contains(try unwrap(sandbox["id"]?.stringValue)), "the phone's family")
        XCTAssertTrue(html.contains("Chrome · Linux · desktop") == false, "the ended family is gone")
        XCTAssertTrue(html.contains(opened.session.id), "the SSO session")
        XCTAssertFalse(html.contains("<script>alert"))
        XCTAssertFalse(html.unicodeScalars.contains { $0.value == 0x202E })
        let emulated = try await server.client.get("/emulator/v1/accounts/\(account.id)/session-devices")
        assertStatus(emulated, 200)
        XCTAssertEqual(
            emulated.json["session_devices"]?.arrayValue?.count, (after.json["session_devices"]?.arrayValue?.count ?? 0) + 1,
            "the listed devices and the one added since")
    }

    /// Off in the configuration, both routes answer ReachFive's `error.feature.notAvailable`.
    func testSessionDevicesOffAnswersFeatureNotAvailable() async throws {
        let off = try await TestServer.start(TestServer.configuration { $0.sessionDevices = false })
        let access = try unwrap(try await off.login(email: "devices-off@example.com")["access_token"]?.stringValue)
        let listed = try await off.client.get("/identity/v1/session-devices", token: access)
        XCTAssertEqual(listed.status, 400)
        XCTAssertEqual(listed.json["error_message_key"], "error.feature.notAvailable")
        await off.stop()
    }
}
