import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// Whole sign-in flows against a `TestServer`, each ending in a token response (or the reply that
/// refused it), so tests of account rules read as the story they tell.
struct AccountFlows {
    let server: TestServer
    /// The Apple issuer key the server was configured with (`TestServer.configuration` +
    /// `apple.jwks`), to sign identity tokens as Apple would.
    var appleKey: P256PrivateKey?
    static let appleKeyId = "apple-test-key"

    static func appleConfiguration(_ key: P256PrivateKey, _ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        TestServer.configuration {
            $0.apple.jwks = JWKSet(keys: [JWK(p256: key.publicKey, keyId: appleKeyId)]).json
            $0.apple.clientId = "com.example.app"
            adjust(&$0)
        }
    }

    var client: HTTPClient { server.client }
    var clientId: String { server.clientId }

    /// An email or a phone number, as the body key the API names it by.
    enum Identifier: Equatable, CustomStringConvertible {
        case email(String)
        case phone(String)
        case custom(String)
        var key: String {
            switch self {
            case .email: "email"
            case .phone: "phone_number"
            case .custom: "custom_identifier"
            }
        }
        var value: String {
            switch self {
            case .email(let v), .phone(let v), .custom(let v): v
            }
        }
        var description: String { value }
    }

    // MARK: tokens from a code or a tkn

    /// The tkn's token response, or nil when the tkn is refused.
    func exchange(tkn: String?) async throws -> JSONValue? {
        guard let tkn else { return nil }
        let pkce = TestServer.pkce()
        let authorize = try await server.authorize(tkn: tkn, challenge: pkce.challenge)
        guard let code = authorize.query("code") else { return nil }
        let token = try await server.token(code: code, verifier: pkce.verifier)
        return token.status == 200 ? token.json : nil
    }

    /// The latest code sent to `identifier` (the outbox's recipient is the normalized form).
    func latestCode(to recipient: String) async throws -> String? {
        try await server.outbox(to: recipient).last?.code
    }

    // MARK: flows

    /// Password signup (signup-token): the reply carries the token response.
    func passwordSignup(_ data: [String: JSONValue]) async throws -> HTTPClient.Reply {
        try await client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(clientId), "data": .object(data),
                "scope": .string(TestServer.allScopes),
            ]))
    }

    /// Password login; the token response, or nil when refused.
    func passwordLogin(_ identifier: Identifier, password: String) async throws -> JSONValue? {
        let login = try await client.post(
            "/identity/v1/password/login",
            .object([
                "client_id": .string(clientId), identifier.key: .string(identifier.value), "password": .string(password),
                "grant_type": "password", "scope": .string(TestServer.allScopes),
            ]))
        return try await exchange(tkn: login.json["tkn"]?.stringValue)
    }

    /// Passkey signup with `profile`; the token response.
    func passkeySignup(_ profile: [String: JSONValue], device: PasskeyDevice) async throws -> JSONValue? {
        let options = try await client.post(
            "/identity/v1/webauthn/signup-options",
            .object([
                "client_id": .string(clientId), "origin": "https://localhost", "scope": .string(TestServer.allScopes),
                "profile": .object(profile),
            ]))
        guard options.status == 200, let userId = options.json["options"]?["public_key"]?["user"]?["id"]?.stringValue else { return nil }
        let finish = try await client.post(
            "/identity/v1/webauthn/signup",
            .object([
                "webauthn_id": .string(userId), "public_key_credential": try device.create(options.json),
            ]))
        return try await exchange(tkn: finish.json["tkn"]?.stringValue)
    }

    /// Discoverable passkey login with `device`; the token response, or nil when refused.
    func passkeyLogin(device: PasskeyDevice) async throws -> JSONValue? {
        let options = try await client.post(
            "/identity/v1/webauthn/authentication-options",
            .object([
                "client_id": .string(clientId), "origin": "https://localhost", "scope": .string(TestServer.allScopes),
            ]))
        guard let assertion = try? device.get(options.json) else { return nil }
        let finish = try await client.post("/identity/v1/webauthn/authentication", assertion)
        return try await exchange(tkn: finish.json["tkn"]?.stringValue)
    }

    /// Passwordless start; the reply (204, or the refusal).
    func passwordlessStart(_ identifier: Identifier, challenge: String) async throws -> HTTPClient.Reply {
        try await client.post(
            "/identity/v1/passwordless/start",
            .object([
                "client_id": .string(clientId), identifier.key: .string(identifier.value),
                "auth_type": .string(identifier.key == "email" ? "magic_link" : "sms"), "response_type": "code",
                "redirect_uri": .string(server.callback), "state": "s", "code_challenge": .string(challenge),
                "code_challenge_method": "S256",
            ]))
    }

    /// A magic link or SMS sign-in, start to tokens; nil when any step is refused.
    func passwordless(_ identifier: Identifier) async throws -> JSONValue? {
        let pkce = TestServer.pkce()
        guard try await passwordlessStart(identifier, challenge: pkce.challenge).status == 204,
            let code = try await latestCode(to: identifier.value)
        else { return nil }
        let verify = try await client.post(
            "/identity/v1/passwordless/verify",
            .object([
                "client_id": .string(clientId), identifier.key: .string(identifier.value), "verification_code": .string(code), "state": "s",
            ]))
        guard let authorizationCode = verify.json["code"]?.stringValue else { return nil }
        let token = try await server.token(code: authorizationCode, verifier: pkce.verifier)
        return token.status == 200 ? token.json : nil
    }

    /// Sign in with Apple with an identity token for `subject`; the token response, or nil.
    func apple(subject: String, email: String?, emailVerified: Bool) async throws -> JSONValue? {
        let key = try XCTUnwrap(appleKey, "the server needs AccountFlows.appleConfiguration")
        let pkce = TestServer.pkce()
        let now = server.env.clock.now.timeIntervalSince1970.rounded(.down)
        var claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": "com.example.app", "sub": .string(subject),
            "iat": .number(now), "exp": .number(now + 600), "email_verified": .string(emailVerified ? "true" : "false"),
            "nonce": .string(Base64URL.encode(Digest.sha256(Array(pkce.verifier.utf8)))),
        ]
        if let email { claims["email"] = .string(email) }
        let idToken = try JWT.signES256(claims: claims, key: key, keyId: Self.appleKeyId)
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: server.callback), .init(name: "scope", value: TestServer.allScopes),
            .init(name: "code_challenge", value: pkce.challenge), .init(name: "code_challenge_method", value: "S256"),
            .init(name: "provider", value: "apple"), .init(name: "id_token", value: idToken), .init(name: "nonce", value: pkce.verifier),
        ]
        let authorize = try await client.get("/oauth/authorize?" + (c.percentEncodedQuery ?? ""))
        guard let code = authorize.query("code") else { return nil }
        let token = try await server.token(code: code, verifier: pkce.verifier)
        return token.status == 200 ? token.json : nil
    }

    /// Forgot-password then update-password with the code; the update's reply.
    func passwordReset(_ identifier: Identifier, newPassword: String) async throws -> HTTPClient.Reply {
        let forgot = try await client.post(
            "/identity/v1/forgot-password", .object(["client_id": .string(clientId), identifier.key: .string(identifier.value)]))
        XCTAssertEqual(forgot.status, 204, String(decoding: forgot.body, as: UTF8.self))
        let code = try unwrap(try await latestCode(to: identifier.value))
        return try await client.post(
            "/identity/v1/update-password",
            .object([
                "client_id": .string(clientId), identifier.key: .string(identifier.value), "verification_code": .string(code),
                "password": .string(newPassword),
            ]))
    }

    /// Account recovery then a passkey reset with `device`; the reset's reply.
    func accountRecovery(_ identifier: Identifier, device: PasskeyDevice) async throws -> HTTPClient.Reply {
        let start = try await client.post(
            "/identity/v1/account-recovery", .object(["client_id": .string(clientId), identifier.key: .string(identifier.value)]))
        XCTAssertEqual(start.status, 204, String(decoding: start.body, as: UTF8.self))
        let code = try unwrap(try await latestCode(to: identifier.value))
        let base: [String: JSONValue] = [
            "client_id": .string(clientId), identifier.key: .string(identifier.value), "verification_code": .string(code),
        ]
        var optionsBody = base
        optionsBody["origin"] = "https://localhost"
        let options = try await client.post("/identity/v1/webauthn/reset-options", .object(optionsBody))
        XCTAssertEqual(options.status, 200, String(decoding: options.body, as: UTF8.self))
        var resetBody = base
        resetBody["public_key_credential"] = try device.create(options.json)
        return try await client.post("/identity/v1/webauthn/reset", .object(resetBody))
    }

    /// The account behind an access token (`userinfo`), or nil when the token is refused.
    func userinfo(_ tokens: JSONValue?) async throws -> JSONValue? {
        guard let token = tokens?["access_token"]?.stringValue else { return nil }
        let reply = try await client.get("/identity/v1/userinfo", token: token)
        return reply.status == 200 ? reply.json : nil
    }

    /// A refresh with the response's refresh token; the new token response, or nil when refused.
    func refresh(_ tokens: JSONValue?) async throws -> JSONValue? {
        guard let refresh = tokens?["refresh_token"]?.stringValue else { return nil }
        let reply = try await client.post(
            "/oauth/token",
            .object([
                "client_id": .string(clientId), "grant_type": "refresh_token",
                "refresh_token": .string(refresh),
            ]))
        return reply.status == 200 ? reply.json : nil
    }
}

// XCTest's assertions take synchronous autoclosures; these take asynchronous ones, so a check
// can be written around the `await` it checks.
func assertNilAsync<T>(
    _ value: @autoclosure () async throws -> T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) async rethrows {
    let v = try await value()
    XCTAssertNil(v, message, file: file, line: line)
}

func assertNotNilAsync<T>(
    _ value: @autoclosure () async throws -> T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) async rethrows {
    let v = try await value()
    XCTAssertNotNil(v, message, file: file, line: line)
}

func assertEqualAsync<T: Equatable>(
    _ value: @autoclosure () async throws -> T, _ expected: T, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) async rethrows {
    let v = try await value()
    XCTAssertEqual(v, expected, message, file: file, line: line)
}
