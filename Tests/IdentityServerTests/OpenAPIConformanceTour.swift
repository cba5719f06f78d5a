import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// One pass over every route of a server with the emulator API on, through the recording test
/// client: each answers at least once, with successes and the common refusals, so every answer
/// can be held to the OpenAPI document. The steps assert little themselves; the conformance check
/// reads what they recorded.
struct OpenAPIConformanceTour {
    let server: TestServer
    var flows: AccountFlows { AccountFlows(server: server) }
    var client: HTTPClient { server.client }
    var clientId: String { server.clientId }

    func run() async throws {
        try await discovery()
        let tokens = try await accounts()
        let access = try unwrap(tokens["access_token"]?.stringValue)
        try await profile(access)
        try await passwordless()
        try await mfa()
        try await mfaOperator()
        // A fresh login: the profile steps (a password change, a revoke) may have ended Ada's session.
        try await passkeys(try unwrap(try await server.login(email: "eve@example.com")["access_token"]?.stringValue))
        try await emulator()
        try await providers()
        try await hostedLogin()
        try await console()
        try await endOfSession(tokens)
    }

    /// The emulated providers: a social login through Google, the provider's own endpoints with a
    /// client of their own (redirecting to the app's scheme), and the emulator API's provider routes.
    private func providers() async throws {
        let social = ProviderFlows(server: server)
        _ = try await social.login("google", email: "tour@example.com")
        _ = try await client.get("/identity/v1/oauth/callback?state=unknown&code=x")
        _ = try await client.get("/providers/google/.well-known/openid-configuration")
        _ = try await client.get("/providers/nobody/.well-known/openid-configuration")
        _ = try await client.get("/providers/google/jwks")
        let pkce = TestServer.pkce()
        var query = URLComponents()
        query.queryItems = [
            .init(name: "client_id", value: clientId), .init(name: "redirect_uri", value: server.callback),
            .init(name: "response_type", value: "code"), .init(name: "scope", value: "openid email"),
            .init(name: "state", value: "s"), .init(name: "code_challenge", value: pkce.challenge),
            .init(name: "code_challenge_method", value: "S256"),
        ]
        let encoded = query.percentEncodedQuery ?? ""
        _ = try await client.get("/providers/google/authorize?" + encoded)
        _ = try await client.get("/providers/google/authorize?client_id=nobody")
        let chose = try await client.send(
            "POST", "/providers/google/authorize", body: Array((encoded + "&email=tour%40example.com&email_verified=true").utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": server.baseURL])
        let code = try unwrap(chose.query("code"))
        let form: (String) -> [UInt8] = { code in
            Array(
                "grant_type=authorization_code&code=\(code)&client_id=\(clientId)&code_verifier=\(pkce.verifier)&redirect_uri=\(server.callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                    .utf8)
        }
        let tokens = try await client.send(
            "POST", "/providers/google/token", body: form(code), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        _ = try await client.send(
            "POST", "/providers/google/token", body: form(code), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        _ = try await client.get("/providers/google/userinfo", token: tokens.json["access_token"]?.stringValue)
        _ = try await client.get("/providers/google/userinfo", token: "not-a-token")
        _ = try await client.get("/emulator/v1/providers")
        _ = try await client.post("/emulator/v1/providers/facebook/identities", .object(["email": "fb@example.com"]))
        _ = try await client.post("/emulator/v1/providers/facebook/identities", .object(["email": "not an email"]))
        let listed = try await client.get("/emulator/v1/providers/facebook/identities")
        let sub = listed.json["items"]?.arrayValue?.first?["sub"]?.stringValue ?? "none"
        _ = try await client.post("/emulator/v1/providers/facebook/id-tokens", .object(["email": "fb@example.com"]))
        _ = try await client.delete("/emulator/v1/providers/facebook/identities/\(sub)")
        _ = try await client.delete("/emulator/v1/providers/facebook/identities/\(sub)")
    }

    private func discovery() async throws {
        _ = try await client.get("/identity/v1/config?client_id=\(clientId)")
        _ = try await client.get("/identity/v1/config?client_id=nobody")
        _ = try await client.get("/api/v1/providers")
        _ = try await client.get("/.well-known/openid-configuration")
        _ = try await client.get("/.well-known/jwks.json")
        _ = try await client.get("/openapi.json")
        _ = try await client.get("/health")
    }

    /// Signups, logins, the code exchange and its refusals; the tokens of `ada@example.com`.
    private func accounts() async throws -> JSONValue {
        assertStatus(try await server.signup(email: "ada@example.com"), 200)
        _ = try await server.signup(email: "ada@example.com") // taken
        _ = try await server.signup(email: "weak@example.com", password: "x")
        _ = try await client.post(
            "/identity/v1/signup",
            .object([
                "client_id": .string(clientId), "scope": .string(TestServer.allScopes),
                "data": .object(["email": "bea@example.com", "password": "correct horse battery staple"]),
            ]))
        _ = try await client.send("POST", "/identity/v1/signup", body: Array("{".utf8))
        _ = try await server.passwordLogin(email: "ada@example.com", password: "wrong password entirely")
        let tokens = try await server.exchange(
            tkn: try unwrap(try await server.passwordLogin(email: "ada@example.com").json["tkn"]?.stringValue))
        _ = try await server.authorize(tkn: "not-a-tkn", challenge: TestServer.pkce().challenge)
        _ = try await server.token(code: "not-a-code", verifier: TestServer.pkce().verifier)
        _ = try await flows.refresh(tokens)
        return tokens
    }

    private func profile(_ access: String) async throws {
        _ = try await client.get("/identity/v1/userinfo", token: access)
        _ = try await client.post("/identity/v1/userinfo", .object([:]), token: access)
        _ = try await client.get("/identity/v1/userinfo")
        _ = try await client.post("/identity/v1/update-profile", .object(["given_name": "Ada", "nickname": "ada"]), token: access)
        _ = try await client.post("/identity/v1/update-profile", .object(["given_name": .number(3)]), token: access)
        _ = try await client.post("/identity/v1/send-email-verification", .object([:]), token: access)
        if let code = try await flows.latestCode(to: "ada@example.com") {
            _ = try await client.post(
                "/identity/v1/verify-email",
                .object(["client_id": .string(clientId), "email": "ada@example.com", "verification_code": .string(code)]))
        }
        _ = try await client.post(
            "/identity/v1/verify-email",
            .object(["client_id": .string(clientId), "email": "ada@example.com", "verification_code": "000000"]))
        _ = try await client.post("/identity/v1/update-phone-number", .object(["phone_number": "+33612345678"]), token: access)
        let phoneCode = try await flows.latestCode(to: "+33612345678") ?? "000000"
        _ = try await client.post(
            "/identity/v1/verify-phone-number", .object(["phone_number": "+33612345678", "verification_code": .string(phoneCode)]),
            token: access)
        // The session devices, listed, an unknown one refused (ending a real one would end this
        // tour's session: ReferenceSDKAgreementTests does it).
        _ = try await client.get("/identity/v1/session-devices", token: access)
        _ = try await client.delete("/identity/v1/session-devices/unknown-device", token: access)
        if let account = try server.env.store.account(where: .email, equals: "ada@example.com") {
            _ = try await client.get("/emulator/v1/accounts/\(account.id)/session-devices")
        }
        _ = try await client.get("/emulator/v1/accounts/nobody/session-devices")
        _ = try await client.post("/identity/v1/update-email", .object(["email": "ada.new@example.com"]), token: access)
        // The verification email's link, opened: verifies, then on to the app; again: the error.
        if let link = try await server.outbox(to: "ada.new@example.com").last?.link, link.hasPrefix(server.baseURL) {
            let path = String(link.dropFirst(server.baseURL.count))
            _ = try await client.get(path)
            _ = try await client.get(path)
        }
        _ = try await client.get(
            "/identity/v1/verify-email?email=x%40example.com&verification_code=1&redirect_url=https%3A%2F%2Fevil.example")
        _ = try await flows.passwordReset(.email("bea@example.com"), newPassword: "another correct horse battery")
        _ = try await client.post(
            "/identity/v1/update-password", .object(["old_password": "wrong", "password": "yet another long passphrase"]), token: access)
    }

    private func passwordless() async throws {
        _ = try await flows.passwordless(.email("cy@example.com"))
        let pkce = TestServer.pkce()
        _ = try await flows.passwordlessStart(.email("cy@example.com"), challenge: pkce.challenge)
        let code = try await flows.latestCode(to: "cy@example.com") ?? "000000"
        _ = try await client.post(
            "/identity/v1/verify-auth-code", .object(["email": "cy@example.com", "verification_code": .string(code)]))
        _ = try await client.post("/identity/v1/verify-auth-code", .object(["email": "cy@example.com", "verification_code": "000000"]))
        _ = try await client.post(
            "/identity/v1/passwordless/verify",
            .object(["client_id": .string(clientId), "email": "cy@example.com", "verification_code": "000000", "state": "s"]))
        // The magic link, opened twice (the second is refused with a redirect), and with a foreign redirect.
        _ = try await flows.passwordlessStart(.email("cy@example.com"), challenge: TestServer.pkce().challenge)
        if let link = try await server.outbox(to: "cy@example.com").last?.link, link.hasPrefix(server.baseURL) {
            let path = String(link.dropFirst(server.baseURL.count))
            _ = try await client.get(path)
            _ = try await client.get(path)
        }
        _ = try await client.get(
            "/identity/v1/passwordless/verify?email=cy%40example.com&verification_code=1&redirect_uri=https%3A%2F%2Fevil.example")
    }

    private func passkeys(_ access: String) async throws {
        let device = try PasskeyDevice()
        _ = try await flows.passkeySignup(["email": "dee@example.com"], device: device)
        _ = try await flows.passkeyLogin(device: device)
        _ = try await client.post("/identity/v1/webauthn/authentication", .object([:]))
        let laptop = try PasskeyDevice()
        let options = try await client.post(
            "/identity/v1/webauthn/registration-options", .object(["origin": "https://localhost", "friendly_name": "Laptop"]), token: access
        )
        assertStatus(options, 200)
        if options.status == 200 {
            _ = try await client.post("/identity/v1/webauthn/registration", try laptop.create(options.json), token: access)
        }
        let list = try await client.get("/identity/v1/webauthn/registration", token: access)
        let id = list.json.arrayFirst?["id"]?.stringValue ?? "none"
        _ = try await client.delete("/identity/v1/webauthn/registration/\(id)", token: access)
        _ = try await client.delete("/identity/v1/webauthn/registration/\(id)", token: access)
        _ = try await flows.accountRecovery(.email("dee@example.com"), device: try PasskeyDevice())
        _ = try await client.post(
            "/identity/v1/webauthn/reset-options",
            .object([
                "client_id": .string(clientId), "email": "dee@example.com", "verification_code": "000000", "origin": "https://localhost",
            ]))
    }

    private func emulator() async throws {
        _ = try await client.get("/emulator/v1/outbox")
        _ = try await client.get("/emulator/v1/outbox/polls")
        _ = try await client.delete("/emulator/v1/outbox")
        _ = try await client.post("/emulator/v1/accounts", .object(["email": "seed@example.com", "password": "x", "email_verified": true]))
        _ = try await client.post("/emulator/v1/accounts", .object(["email": .number(1)]))
        _ = try await client.get("/emulator/v1/accounts")
        _ = try await client.delete("/emulator/v1/accounts")
        _ = try await client.post("/emulator/v1/accounts", .object(["email": "seed@example.com", "password": "x"]))
        _ = try await client.get("/emulator/v1/limits")
        _ = try await client.get("/emulator/v1/clock")
        _ = try await client.post("/emulator/v1/clock", .object(["advance_seconds": .number(60)]))
        _ = try await client.post(
            "/emulator/v1/faults", .object(["path": "/identity/v1/config", "status": .number(503), "count": .number(1)]))
        _ = try await client.get("/emulator/v1/faults")
        _ = try await client.get("/identity/v1/config?client_id=\(clientId)") // the planned fault
        _ = try await client.delete("/emulator/v1/faults")
        _ = try await client.get("/emulator/v1/requests?limit=5")
        let snapshot = try await client.post("/emulator/v1/snapshot", .object([:]))
        _ = try await client.post("/emulator/v1/restore", .object(["id": .string(snapshot.json["id"]?.stringValue ?? "none")]))
        _ = try await client.post("/emulator/v1/restore", .object(["id": "no-such-snapshot"]))
    }

    private func console() async throws {
        let home = try await client.get("/")
        let html = String(decoding: home.body, as: UTF8.self)
        let marker = #"name="csrf" value=""#
        let csrf = html.range(of: marker).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) } ?? ""
        let id = try server.env.store.account(where: .email, equals: "seed@example.com")?.id ?? "none"
        for page in [
            "/favicon.ico", "/console/console.css", "/console/console.js", "/console/accounts/\(id)", "/console/accounts/nobody",
            "/console/outbox", "/console/requests", "/console/settings", "/console/tokens", "/console/providers", "/console/sessions",
        ] {
            _ = try await client.get(page)
        }
        func form(_ path: String, _ fields: String) async throws {
            _ = try await client.send(
                "POST", path, body: Array("csrf=\(csrf)&\(fields)".utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": server.baseURL])
        }
        try await form("/console/tokens", "token=abc")
        try await form("/console/clock", "advance_seconds=30")
        try await form("/console/clock", "advance_seconds=-5")
        try await form("/console/faults/clear", "x=1")
        try await form("/console/sessions/delete", "session=nobody")
        try await form("/console/accounts/\(id)/passkeys/delete", "credential=AAAA")
        try await form("/console/accounts/\(id)/delete", "x=1")
        _ = try await client.send("POST", "/console/reset", body: Array("csrf=wrong".utf8), headers: ["Origin": "http://evil.example"])
        try await form("/console/reset", "x=1")
    }

    /// The hosted login page: shown, refused, completed (opening the SSO session), then the
    /// emulator API's sessions listed, opened and ended.
    private func hostedLogin() async throws {
        let web = HostedLoginFlows(server: server)
        // A browser of its own: the provider logins above opened the tour client's SSO session.
        let client = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        _ = try await server.signup(email: "web@example.com")
        let tokens = try await web.login(email: "web@example.com", client: client)
        _ = try await client.get("/login?client_id=nobody")
        let forced = try await web.authorize(web.request(prompt: "login"), client: client)
        let page = try await web.page(at: try unwrap(forced.location), client: client)
        _ = try await web.submit(page.fields, adding: ["identifier": "web@example.com", "password": "wrong"], client: client)
        _ = try await web.submit(page.fields, adding: ["identifier": "web@example.com"], client: client, origin: "https://evil.example")
        let started = try await web.submit(
            page.fields, adding: ["identifier": "web@example.com"], client: client, path: "/login/passwordless/start")
        let codeStep = HostedLoginFlows.hiddenFields(String(decoding: started.body, as: UTF8.self))
        _ = try await web.submit(codeStep, adding: ["code": "000000"], client: client, path: "/login/passwordless/verify")
        let code = try unwrap(try await server.outbox(to: "web@example.com").last?.code)
        _ = try await web.submit(codeStep, adding: ["code": code], client: client, path: "/login/passwordless/verify")
        _ = try await web.submit(page.fields, adding: ["challenge_id": "nobody", "code": "1"], client: client, path: "/login/mfa/verify")
        _ = try await web.submit(page.fields, adding: ["code": "1"], client: client, path: "/login/mfa/verify")
        _ = try await client.get("/login/passkey.js")
        _ = try await web.submit(page.fields, adding: ["tkn": "not-a-tkn"], client: client, path: "/login/passkey")
        _ = try await web.submit(page.fields, adding: ["tkn": "not-a-tkn", "mfa_required": "true"], client: client, path: "/login/passkey")
        _ = try await web.submit(page.fields, adding: [:], client: client, path: "/login/passkey")
        let accountId = try ProviderFlows.subject(of: tokens)
        _ = try await client.get("/identity/v1/logout")
        _ = try await client.get("/emulator/v1/sessions")
        _ = try await client.get("/emulator/v1/sessions?account_id=\(accountId)")
        let opened = try await client.post("/emulator/v1/sessions", .object(["account_id": .string(accountId)]))
        _ = try await client.post("/emulator/v1/sessions", .object(["account_id": "nobody"]))
        _ = try await client.delete("/emulator/v1/sessions/\(opened.json["session"]?["id"]?.stringValue ?? "")")
        _ = try await client.delete("/emulator/v1/sessions/nobody")
    }

    private func endOfSession(_ tokens: JSONValue) async throws {
        _ = try await client.post(
            "/oauth/revoke", .object(["client_id": .string(clientId), "token": .string(tokens["refresh_token"]?.stringValue ?? "")]))
        _ = try await client.get("/identity/v1/logout")
        _ = try await client.get(
            "/identity/v1/logout?post_logout_redirect_uri=\(server.callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        )
    }
}
