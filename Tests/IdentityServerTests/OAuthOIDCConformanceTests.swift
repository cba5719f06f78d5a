import Encoding
import Foundation
import JOSE
import XCTest

@testable import IdentityServer

/// OIDC Core, OIDC Discovery and RFC 6749 to the letter (issue 19): userinfo's `sub` and POST,
/// a reused authorization code revoking what it gave, RS256 id tokens for a client configured
/// for them, and `access_denied` for a bad tkn at `/oauth/authorize`. The same points are
/// checked through Authlib and PyJWT in `Interop/oidc_interop.py`.
final class OAuthOIDCConformanceTests: XCTestCase {
    func testUserinfoAnswersGETAndPOSTWithSubEqualToUidAndTheIdTokenSubject() async throws {
        let server = try await TestServer.start()
        let tokens = try await server.login(email: "sub@example.com")
        let access = try unwrap(tokens["access_token"]?.stringValue)
        let idToken = try JWT.verify(
            try unwrap(tokens["id_token"]?.stringValue), keys: try await jwks(server),
            expecting: .init(issuer: server.baseURL, audience: server.clientId, now: Date()))
        let get = try await server.client.get("/identity/v1/userinfo", token: access)
        assertStatus(get, 200)
        XCTAssertEqual(get.json["sub"], idToken.claims["sub"], "OIDC Core §5.3.2: sub is always returned, and is the id token's")
        XCTAssertEqual(get.json["uid"], get.json["sub"], "ReachFive's uid stays")
        let post = try await server.client.send("POST", "/identity/v1/userinfo", headers: ["Authorization": "Bearer \(access)"])
        assertStatus(post, 200)
        XCTAssertEqual(post.json["sub"], idToken.claims["sub"], "OIDC Core §5.3.1: POST too")
        XCTAssertEqual(post.json["email"], "sub@example.com")
        assertAPIError(try await server.client.send("POST", "/identity/v1/userinfo"), status: 401, error: "invalid_token")
        await server.stop()
    }

    func testACodePresentedTwiceRevokesTheTokensIssuedFromIt() async throws {
        let server = try await TestServer.start()
        assertStatus(try await server.signup(email: "replay@example.com"), 200)
        let tkn = try unwrap(try await server.passwordLogin(email: "replay@example.com").json["tkn"]?.stringValue)
        let pkce = TestServer.pkce()
        let code = try unwrap(try await server.authorize(tkn: tkn, challenge: pkce.challenge).query("code"))
        let first = try await server.token(code: code, verifier: pkce.verifier)
        assertStatus(first, 200)
        let access = try unwrap(first.json["access_token"]?.stringValue)
        let refresh = try unwrap(first.json["refresh_token"]?.stringValue)
        assertStatus(try await server.client.get("/identity/v1/userinfo", token: access), 200)
        // RFC 6749 §4.1.2: the second presentation fails and revokes what the first gave.
        assertAPIError(try await server.token(code: code, verifier: pkce.verifier), status: 400, error: "invalid_grant")
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access), status: 401, error: "invalid_token")
        let refreshed = try await server.client.post(
            "/oauth/token",
            .object(["client_id": .string(server.clientId), "grant_type": "refresh_token", "refresh_token": .string(refresh)]))
        assertAPIError(refreshed, status: 400, error: "invalid_grant")
        // Another login of the same account is not touched.
        let other = try await server.exchange(
            tkn: try unwrap(try await server.passwordLogin(email: "replay@example.com").json["tkn"]?.stringValue))
        assertStatus(try await server.client.get("/identity/v1/userinfo", token: other["access_token"]?.stringValue), 200)
        await server.stop()
    }

    func testABadTknAtAuthorizeRedirectsWithAccessDenied() async throws {
        let server = try await TestServer.start()
        let reply = try await server.authorize(tkn: "no-such-tkn", challenge: TestServer.pkce().challenge)
        XCTAssertEqual(reply.status, 302)
        XCTAssertEqual(reply.query("error"), "access_denied", "RFC 6749 §4.1.2.1 has no invalid_grant")
        XCTAssertNil(reply.query("code"))
        await server.stop()
    }

    func testDiscoveryListsRS256AndIdTokensAreES256ByDefault() async throws {
        let server = try await TestServer.start()
        let discovery = try await server.client.get("/.well-known/openid-configuration")
        XCTAssertEqual(discovery.json["id_token_signing_alg_values_supported"], .array(["ES256", "RS256"]))
        let tokens = try await server.login(email: "es@example.com")
        XCTAssertEqual(try CompactJWS(try unwrap(tokens["id_token"]?.stringValue)).algorithm, .es256)
        let keys = try await jwks(server)
        XCTAssertEqual(keys.keys.count, 1, "no RSA key is made for a server that never signs with it")
        await server.stop()
    }

    func testAClientConfiguredForRS256GetsRS256IdTokensThatVerifyAgainstTheJWKS() async throws {
        let store = try IdentityStore.inMemory()
        let server = try await TestServer.start(TestServer.configuration { $0.idTokenSignedResponseAlg = .rs256 }, store: store)
        let tokens = try await server.login(email: "rs@example.com")
        let keys = try await jwks(server)
        XCTAssertEqual(Set(keys.keys.compactMap(\.algorithm)), ["ES256", "RS256"])
        XCTAssertEqual(Set(keys.keys.compactMap(\.keyId)).count, 2, "distinct kids")
        let idToken = try unwrap(tokens["id_token"]?.stringValue)
        XCTAssertEqual(try CompactJWS(idToken).algorithm, .rs256)
        let verified = try JWT.verify(
            idToken, keys: keys, expecting: .init(issuer: server.baseURL, audience: server.clientId, algorithms: [.rs256], now: Date()))
        XCTAssertEqual(verified.claims["email"], "rs@example.com")
        // Access tokens stay ES256 and keep working.
        let access = try unwrap(tokens["access_token"]?.stringValue)
        XCTAssertEqual(try CompactJWS(access).algorithm, .es256)
        assertStatus(try await server.client.get("/identity/v1/userinfo", token: access), 200)
        await server.stop()
        // The RSA key is kept in the store: the next start publishes the same one.
        let again = try await TestServer.start(store: store)
        let kept = try await jwks(again)
        XCTAssertEqual(kept, keys, "the same two keys after a restart, even back on ES256")
        await again.stop()
    }

    func testTheConfigurationFileNamesTheIdTokenAlgorithm() throws {
        let rs = try ServerConfiguration(jsonFile: Array(#"{"id_token_signed_response_alg": "RS256"}"#.utf8))
        XCTAssertEqual(rs.idTokenSignedResponseAlg, .rs256)
        XCTAssertEqual(try ServerConfiguration(jsonFile: Array("{}".utf8)).idTokenSignedResponseAlg, .es256)
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"id_token_signed_response_alg": "HS256"}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("id_token_signed_response_alg"), "\($0)")
        }
    }

    private func jwks(_ server: TestServer) async throws -> JWKSet {
        let reply = try await server.client.get("/.well-known/jwks.json")
        assertStatus(reply, 200)
        return try JWKSet(json: reply.body)
    }
}
