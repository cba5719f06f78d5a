import Encoding
import Foundation
import JOSE
import XCTest

@testable import IdentityServer

/// Password signup and login, the tkn → code → token exchange, refresh rotation, revocation,
/// and the rules each step enforces (over a real loopback socket).
final class OAuthFlowTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func testSignupTokenReturnsTypedTokensWhoseIdTokenVerifiesAgainstTheJWKS() async throws {
        let reply = try await server.signup(
            email: "Alice@Example.com", extra: ["given_name": "Alice", "custom_fields": .object(["loyaltyId": .number(7)])])
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        let json = reply.json
        XCTAssertEqual(json["token_type"], "Bearer")
        XCTAssertEqual(json["expires_in"], .number(3600))
        let jwks = try await server.client.get("/.well-known/jwks.json")
        let keys = try JWKSet(json: jwks.body)
        let idToken = try JWT.verify(
            try XCTUnwrap(json["id_token"]?.stringValue), keys: keys,
            expecting: .init(issuer: server.baseURL, audience: server.clientId, now: Date()))
        XCTAssertEqual(idToken.claims["email"], "alice@example.com", "emails are stored lower-cased")
        XCTAssertEqual(idToken.claims["email_verified"], .bool(false))
        XCTAssertEqual(idToken.claims["given_name"], "Alice")
        XCTAssertNotNil(json["refresh_token"]?.stringValue, "offline_access was asked for")
        // The access token works at userinfo, and the profile keeps custom field keys as sent.
        let me = try await server.client.get("/identity/v1/userinfo?fields=uid,email&flatcf=true", token: json["access_token"]?.stringValue)
        XCTAssertEqual(me.status, 200)
        XCTAssertEqual(me.json["uid"], idToken.claims["sub"])
        XCTAssertEqual(me.json["custom_fields"]?["loyaltyId"], .number(7))
    }

    func testScopesDecideWhichTokensAreIssued() async throws {
        let reply = try await server.signup(email: "bob@example.com", scope: "email profile")
        XCTAssertEqual(reply.status, 200)
        XCTAssertNil(reply.json["id_token"], "no id_token without openid")
        XCTAssertNil(reply.json["refresh_token"], "no refresh_token without offline_access")
        assertAPIError(try await server.signup(email: "carol@example.com", scope: "openid admin"), status: 400, error: "invalid_scope")
    }

    func testSignupRefusesDuplicatesWeakPasswordsAndBadIdentifiers() async throws {
        do {
            let r = try await server.signup(email: "dup@example.com")
            XCTAssertEqual(r.status, 200)
        }
        let dup = try await server.signup(email: "DUP@example.com")
        assertAPIError(dup, status: 400, error: "email_already_exists")
        XCTAssertEqual(dup.json["error_details"]?.arrayFirst?["field"], "email")
        assertAPIError(try await server.signup(email: "weak@example.com", password: "password1"), status: 400, error: "password_too_weak")
        assertAPIError(try await server.signup(email: "not-an-email"), status: 400, error: "invalid_request")
        assertAPIError(
            try await server.signup(email: "x@example.com", extra: ["custom_identifier": "abc"]), status: 400, error: "invalid_request")
        let phone = try await server.signup(email: "tel@example.com", extra: ["phone_number": "06 12 34 56 78"])
        XCTAssertEqual(phone.status, 200)
        let me = try await server.client.get("/identity/v1/userinfo", token: phone.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["phone_number"], "+33612345678", "national numbers are read in the default country (FR) and stored as E.164")
        let dupPhone = try await server.signup(email: "tel2@example.com", extra: ["phone_number": "+33 6 12 34 56 78"])
        assertAPIError(dupPhone, status: 400, error: "phone_number_already_exists")
        // Nothing of a refused signup is kept.
        let accounts = try server.env.store.allAccounts()
        XCTAssertEqual(Set(accounts.compactMap(\.email)), ["dup@example.com", "tel@example.com"])
    }

    func testPasswordLoginAndTheCodeExchange() async throws {
        do {
            let r = try await server.signup(email: "dan@example.com")
            XCTAssertEqual(r.status, 200)
        }
        assertAPIError(
            try await server.passwordLogin(email: "dan@example.com", password: "wrong password here"), status: 400, error: "invalid_grant")
        assertAPIError(try await server.passwordLogin(email: "nobody@example.com"), status: 400, error: "invalid_grant")
        let login = try await server.passwordLogin(email: "DAN@example.com")
        XCTAssertEqual(login.status, 200)
        XCTAssertEqual(login.json["mfa_required"], .bool(false))
        let tkn = try XCTUnwrap(login.json["tkn"]?.stringValue)
        let pkce = TestServer.pkce()
        let authorize = try await server.authorize(tkn: tkn, challenge: pkce.challenge)
        XCTAssertEqual(authorize.status, 302)
        XCTAssertEqual(authorize.location?.scheme, "reachfive-latchkey-local")
        let code = try XCTUnwrap(authorize.query("code"))
        // The tkn is single-use.
        let again = try await server.authorize(tkn: tkn, challenge: pkce.challenge)
        XCTAssertEqual(again.status, 302)
        XCTAssertEqual(again.query("error"), "access_denied", "RFC 6749 §4.1.2.1 has no invalid_grant")
        // PKCE: a wrong verifier fails, and the code is then spent.
        assertAPIError(try await server.token(code: code, verifier: TestServer.pkce().verifier), status: 400, error: "invalid_grant")
        assertAPIError(try await server.token(code: code, verifier: pkce.verifier), status: 400, error: "invalid_grant")
        // A fresh login, the right verifier: tokens; the same code twice: refused.
        let tkn2 = try unwrap(try await server.passwordLogin(email: "dan@example.com").json["tkn"]?.stringValue)
        let authorize2 = try await server.authorize(tkn: tkn2, challenge: pkce.challenge)
        let code2 = try XCTUnwrap(authorize2.query("code"))
        assertAPIError(
            try await server.token(code: code2, verifier: pkce.verifier, redirectURI: "reachfive-latchkey-local://mfa"), status: 400,
            error: "invalid_grant")
        let tkn3 = try unwrap(try await server.passwordLogin(email: "dan@example.com").json["tkn"]?.stringValue)
        let code3 = try unwrap(try await server.authorize(tkn: tkn3, challenge: pkce.challenge).query("code"))
        do {
            let r = try await server.token(code: code3, verifier: pkce.verifier)
            XCTAssertEqual(r.status, 200)
        }
        assertAPIError(try await server.token(code: code3, verifier: pkce.verifier), status: 400, error: "invalid_grant")
    }

    func testAuthorizeRefusesWhatOAuthForbids() async throws {
        do {
            let r = try await server.signup(email: "eve@example.com")
            XCTAssertEqual(r.status, 200)
        }
        let tkn = try unwrap(try await server.passwordLogin(email: "eve@example.com").json["tkn"]?.stringValue)
        let pkce = TestServer.pkce()
        // An unknown redirect_uri is answered here, never redirected to.
        let evil = try await server.authorize(tkn: tkn, challenge: pkce.challenge, redirectURI: "https://evil.example/cb")
        assertAPIError(evil, status: 400, error: "invalid_request")
        XCTAssertNil(evil.header("Location"))
        let plain = try await server.authorize(tkn: tkn, challenge: pkce.verifier, method: "plain")
        XCTAssertEqual(plain.status, 302)
        XCTAssertEqual(plain.query("error"), "invalid_request", "PKCE plain is refused")
        let wrongClient = try await server.client.get(
            "/oauth/authorize?client_id=other&response_type=code&redirect_uri=\(server.callback)&tkn=\(tkn)")
        assertAPIError(wrongClient, status: 400, error: "invalid_client")
    }

    func testGrantsExpireOnTheEmulatorClock() async throws {
        do {
            let r = try await server.signup(email: "fay@example.com")
            XCTAssertEqual(r.status, 200)
        }
        let tkn = try unwrap(try await server.passwordLogin(email: "fay@example.com").json["tkn"]?.stringValue)
        server.env.clock.advance(seconds: 61)
        let pkce = TestServer.pkce()
        do {
            let r = try await server.authorize(tkn: tkn, challenge: pkce.challenge)
            XCTAssertEqual(r.query("error"), "access_denied", "tkn lives 60 s")
        }
        let tkn2 = try unwrap(try await server.passwordLogin(email: "fay@example.com").json["tkn"]?.stringValue)
        let code = try unwrap(try await server.authorize(tkn: tkn2, challenge: pkce.challenge).query("code"))
        server.env.clock.advance(seconds: 61)
        assertAPIError(try await server.token(code: code, verifier: pkce.verifier), status: 400, error: "invalid_grant")
        // Access tokens expire too.
        let tokens = try await server.login(email: "gus@example.com")
        let access = try XCTUnwrap(tokens["access_token"]?.stringValue)
        do {
            let r = try await server.client.get("/identity/v1/userinfo", token: access)
            XCTAssertEqual(r.status, 200)
        }
        server.env.clock.advance(seconds: 3601)
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access), status: 401, error: "invalid_token")
    }

    func testExpiredGrantsArePurged() async throws {
        assertStatus(try await server.signup(email: "purge@example.com"), 200)
        let count = { try self.server.env.store.read { db in try db.prepare("SELECT COUNT(*) FROM tkns").firstRow { $0.int(0) } ?? -1 } }
        for _ in 0..<3 { assertStatus(try await server.passwordLogin(email: "purge@example.com"), 200) }
        XCTAssertEqual(try count(), 3)
        server.env.clock.advance(seconds: 120)
        assertStatus(try await server.passwordLogin(email: "purge@example.com"), 200)
        XCTAssertEqual(try count(), 1, "the three expired tkns were dropped; the new one stays")
    }

    func testBearerSchemeIsCaseInsensitiveAndBadTokensAre401() async throws {
        let tokens = try await server.login(email: "jay@example.com")
        let access = try XCTUnwrap(tokens["access_token"]?.stringValue)
        do {
            let r = try await server.client.get("/identity/v1/userinfo", headers: ["Authorization": "bEaReR \(access)"])
            XCTAssertEqual(r.status, 200)
        }
        assertAPIError(try await server.client.get("/identity/v1/userinfo"), status: 401, error: "invalid_token")
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: "abc.def.ghi"), status: 401, error: "invalid_token")
        // An id_token is not an access token.
        assertAPIError(
            try await server.client.get("/identity/v1/userinfo", token: tokens["id_token"]?.stringValue), status: 401,
            error: "invalid_token")
        var tampered = Array(access.utf8)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        assertAPIError(
            try await server.client.get("/identity/v1/userinfo", token: String(decoding: tampered, as: UTF8.self)), status: 401,
            error: "invalid_token")
    }

    func testDiscoveryDocumentNamesTheEndpointsAndTheKeysPersistAcrossRestarts() async throws {
        let discovery = try await server.client.get("/.well-known/openid-configuration").json
        XCTAssertEqual(discovery["issuer"]?.stringValue, server.baseURL)
        XCTAssertEqual(discovery["token_endpoint"]?.stringValue, server.baseURL + "/oauth/token")
        XCTAssertEqual(discovery["code_challenge_methods_supported"], .array(["S256"]))
        let jwks = try JWKSet(json: try await server.client.get("/.well-known/jwks.json").body)
        XCTAssertEqual(jwks.keys.count, 1)
        XCTAssertEqual(jwks.keys[0].keyId, try jwks.keys[0].thumbprint())
    }
}

extension JSONValue {
    var arrayFirst: JSONValue? {
        if case .array(let a) = self { return a.first }
        return nil
    }
}
