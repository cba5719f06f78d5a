import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// `/oauth/authorize?provider=apple`: identity tokens verified against the configured Apple
/// JWKS (signature, iss, aud, exp) with nonce = base64url(SHA-256(PKCE verifier)).
final class SignInWithAppleTests: XCTestCase {
    var server: TestServer!
    let appleKey = try! P256PrivateKey.generate()
    let keyId = "apple-test-key"

    override func setUp() async throws {
        let jwks = JWKSet(keys: [JWK(p256: appleKey.publicKey, keyId: keyId)]).json
        server = try await TestServer.start(
            TestServer.configuration {
                $0.apple.jwks = jwks
                $0.apple.clientId = "com.example.app"
            })
    }
    override func tearDown() async throws { await server.stop() }

    func identityToken(
        sub: String = "001234.apple-user", aud: String = "com.example.app", nonce: String?, email: String? = "apple@example.com",
        expiresIn: Double = 600, key: P256PrivateKey? = nil
    ) throws -> String {
        let now = server.env.clock.now.timeIntervalSince1970
        var claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(aud), "sub": .string(sub),
            "iat": .number(now.rounded(.down)), "exp": .number((now + expiresIn).rounded(.down)),
            "email_verified": "true",
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        if let email { claims["email"] = .string(email) }
        return try JWT.signES256(claims: claims, key: key ?? appleKey, keyId: keyId)
    }

    func authorize(idToken: String, verifier: String, givenName: String? = nil) async throws -> HTTPClient.Reply {
        let challenge = Base64URL.encode(Digest.sha256(Array(verifier.utf8)))
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: server.clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: server.callback), .init(name: "scope", value: "openid email profile"),
            .init(name: "code_challenge", value: challenge), .init(name: "code_challenge_method", value: "S256"),
            .init(name: "provider", value: "apple"), .init(name: "id_token", value: idToken), .init(name: "nonce", value: verifier),
        ]
        if let givenName { c.queryItems?.append(.init(name: "given_name", value: givenName)) }
        return try await server.client.get("/oauth/authorize?" + (c.percentEncodedQuery ?? ""))
    }

    func testAValidIdentityTokenSignsInAndLinksTheAccount() async throws {
        let pkce = TestServer.pkce()
        let nonce = Base64URL.encode(Digest.sha256(Array(pkce.verifier.utf8)))
        let reply = try await authorize(idToken: try identityToken(nonce: nonce), verifier: pkce.verifier, givenName: "Ada")
        XCTAssertEqual(reply.status, 302)
        let code = try unwrap(reply.query("code"), reply.header("Location") ?? "")
        let token = try await server.token(code: code, verifier: pkce.verifier)
        assertStatus(token, 200)
        let me = try await server.client.get("/identity/v1/userinfo", token: token.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["email"], "apple@example.com")
        XCTAssertEqual(me.json["given_name"], "Ada")
        // The same Apple user again: the same account.
        let pkce2 = TestServer.pkce()
        let again = try await authorize(
            idToken: try identityToken(nonce: Base64URL.encode(Digest.sha256(Array(pkce2.verifier.utf8)))), verifier: pkce2.verifier)
        let token2 = try await server.token(code: try unwrap(again.query("code")), verifier: pkce2.verifier)
        let me2 = try await server.client.get("/identity/v1/userinfo", token: token2.json["access_token"]?.stringValue)
        XCTAssertEqual(me2.json["uid"], me.json["uid"])
        XCTAssertEqual(try server.env.store.allAccounts().count, 1)
    }

    /// Someone signs up first under the Apple user's address (never verifying it) and keeps a
    /// session. When the address's real owner signs in with Apple, they get that account, but
    /// the squatter's password and session end with it.
    func testAnAccountPreRegisteredUnderTheAddressIsClaimedNotShared() async throws {
        let squatter = try await server.login(email: "apple@example.com")
        let refresh = try unwrap(squatter["refresh_token"]?.stringValue)
        let access = try unwrap(squatter["access_token"]?.stringValue)
        // A second session without offline_access: an access token and no refresh token.
        let shortLogin = try await server.passwordLogin(email: "apple@example.com", scope: "openid email")
        let tkn = try unwrap(shortLogin.json["tkn"]?.stringValue)
        let short = try await server.exchange(tkn: tkn, scope: "openid email")
        XCTAssertNil(short["refresh_token"])
        let shortAccess = try unwrap(short["access_token"]?.stringValue)
        // And a login the squatter has not exchanged yet.
        let pending = try unwrap(try await server.passwordLogin(email: "apple@example.com").json["tkn"]?.stringValue)
        let pkce = TestServer.pkce()
        let reply = try await authorize(
            idToken: try identityToken(nonce: Base64URL.encode(Digest.sha256(Array(pkce.verifier.utf8)))), verifier: pkce.verifier)
        let token = try await server.token(code: try unwrap(reply.query("code")), verifier: pkce.verifier)
        assertStatus(token, 200)
        let me = try await server.client.get("/identity/v1/userinfo", token: token.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["email_verified"], .bool(true))
        XCTAssertEqual(try server.env.store.allAccounts().count, 1)
        assertAPIError(try await server.passwordLogin(email: "apple@example.com"), status: 400, error: "invalid_grant")
        assertAPIError(
            try await server.client.post(
                "/oauth/token",
                .object([
                    "client_id": .string(server.clientId), "grant_type": "refresh_token",
                    "refresh_token": .string(refresh),
                ])), status: 400, error: "invalid_grant")
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access), status: 401, error: "invalid_token")
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: shortAccess), status: 401, error: "invalid_token")
        let late = try await server.authorize(tkn: pending, challenge: TestServer.pkce().challenge)
        XCTAssertNil(late.query("code"), "a tkn from before the claim no longer gets a code")
        // The owner's own token, issued after the claim, works.
        XCTAssertEqual(me.status, 200)
    }

    func testWrongNonceAudienceKeyOrExpiryIsRefused() async throws {
        let pkce = TestServer.pkce()
        let nonce = Base64URL.encode(Digest.sha256(Array(pkce.verifier.utf8)))
        let cases: [(String, String)] = [
            ("nonce", try identityToken(nonce: Base64URL.encode(Digest.sha256(Array("other".utf8))))),
            ("no nonce", try identityToken(nonce: nil)),
            ("audience", try identityToken(aud: "com.other.app", nonce: nonce)),
            ("signature", try identityToken(nonce: nonce, key: try P256PrivateKey.generate())),
            ("expired", try identityToken(nonce: nonce, expiresIn: -120)),
        ]
        for (what, token) in cases {
            let reply = try await authorize(idToken: token, verifier: pkce.verifier)
            XCTAssertEqual(reply.status, 302, what)
            // RFC 6749 §4.1.2.1 has no invalid_grant: the SDK reads an authorization error.
            XCTAssertEqual(reply.query("error"), "access_denied", "\(what): \(reply.header("Location") ?? "")")
            XCTAssertEqual(reply.query("error_message_key"), "error.invalidGrant", what)
            XCTAssertNotNil(reply.query("error_id"), what)
            XCTAssertNil(reply.query("code"), what)
        }
        XCTAssertTrue(try server.env.store.allAccounts().isEmpty)
    }
}
