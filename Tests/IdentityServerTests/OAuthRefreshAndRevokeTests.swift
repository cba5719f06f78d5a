import Encoding
import Foundation
import JOSE
import XCTest

@testable import IdentityServer

/// Refresh-token rotation, reuse detection and revocation (RFC 6749 §6, RFC 7009, OAuth 2.1's
/// refresh-token rotation), over a real loopback socket.
final class OAuthRefreshAndRevokeTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func testRefreshRotatesAndReuseRevokesTheFamily() async throws {
        let tokens = try await server.login(email: "hal@example.com")
        let first = try XCTUnwrap(tokens["refresh_token"]?.stringValue)
        let refresh = { (token: String) async throws -> HTTPClient.Reply in
            try await self.server.client.post(
                "/oauth/token",
                .object([
                    "client_id": .string(self.server.clientId), "grant_type": "refresh_token",
                    "refresh_token": .string(token), "redirect_uri": .string(self.server.callback),
                ]))
        }
        let r1 = try await refresh(first)
        XCTAssertEqual(r1.status, 200)
        let second = try XCTUnwrap(r1.json["refresh_token"]?.stringValue)
        XCTAssertNotEqual(first, second)
        let access2 = try XCTUnwrap(r1.json["access_token"]?.stringValue)
        do {
            let r = try await server.client.get("/identity/v1/userinfo", token: access2)
            XCTAssertEqual(r.status, 200)
        }
        // The rotated token again: refused, and the whole family with it.
        assertAPIError(try await refresh(first), status: 400, error: "invalid_grant")
        assertAPIError(try await refresh(second), status: 400, error: "invalid_grant")
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access2), status: 401, error: "invalid_token")
    }

    /// Revoking with an old member of a family (here expired, not yet purged) still ends the
    /// family's newest access token, also once expired grants have been purged.
    func testRevokingWithAnOldRefreshTokenOutlivesTheNewestAccessToken() async throws {
        let tokens = try await server.login(email: "ned@example.com")
        let first = try XCTUnwrap(tokens["refresh_token"]?.stringValue)
        server.env.clock.advance(seconds: 30 * 24 * 3600 - 60)
        let refreshed = try await server.client.post(
            "/oauth/token",
            .object([
                "client_id": .string(server.clientId), "grant_type": "refresh_token",
                "refresh_token": .string(first),
            ]))
        XCTAssertEqual(refreshed.status, 200)
        let access = try XCTUnwrap(refreshed.json["access_token"]?.stringValue)
        server.env.clock.advance(seconds: 120)
        let revoke = try await server.client.post(
            "/oauth/revoke", .object(["client_id": .string(server.clientId), "token": .string(first)]))
        XCTAssertEqual(revoke.status, 200)
        try server.env.store.purgeExpired(now: server.env.now)
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access), status: 401, error: "invalid_token")
    }

    func testARefusedRefreshLeavesTheTokenUsable() async throws {
        let tokens = try await server.login(email: "kai@example.com", scope: "openid email offline_access")
        let refresh = try unwrap(tokens["refresh_token"]?.stringValue)
        let wider = try await server.client.post(
            "/oauth/token",
            .object([
                "client_id": .string(server.clientId), "grant_type": "refresh_token",
                "refresh_token": .string(refresh), "scope": "openid email profile",
            ]))
        assertAPIError(wider, status: 400, error: "invalid_scope")
        // Form-encoded, as OAuth libraries send it; the same token still works.
        let form = "client_id=\(server.clientId)&grant_type=refresh_token&refresh_token=\(refresh)&scope=openid"
        let narrower = try await server.client.send(
            "POST", "/oauth/token", body: Array(form.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        assertStatus(narrower, 200)
        XCTAssertEqual(narrower.json["scope"], "openid")
        XCTAssertNil(narrower.json["refresh_token"], "a narrower scope without offline_access gets no new refresh token")
    }

    func testRevokeEndsAccessAndRefreshTokens() async throws {
        let tokens = try await server.login(email: "ivy@example.com")
        let access = try XCTUnwrap(tokens["access_token"]?.stringValue)
        let refresh = try XCTUnwrap(tokens["refresh_token"]?.stringValue)
        let revokeAccess = try await server.client.post(
            "/oauth/revoke",
            .object([
                "client_id": .string(server.clientId), "token": .string(access),
                "token_type_hint": "access_token",
            ]))
        XCTAssertEqual(revokeAccess.status, 200)
        assertAPIError(try await server.client.get("/identity/v1/userinfo", token: access), status: 401, error: "invalid_token")
        let revokeRefresh = try await server.client.post(
            "/oauth/revoke",
            .object([
                "client_id": .string(server.clientId), "token": .string(refresh),
                "token_type_hint": "refresh_token",
            ]))
        XCTAssertEqual(revokeRefresh.status, 200)
        assertAPIError(
            try await server.client.post(
                "/oauth/token",
                .object([
                    "client_id": .string(server.clientId), "grant_type": "refresh_token",
                    "refresh_token": .string(refresh),
                ])), status: 400, error: "invalid_grant")
        // RFC 7009: an unknown token is not an error.
        do {
            let r = try await server.client.post("/oauth/revoke", .object(["client_id": .string(server.clientId), "token": "nonsense"]))
            XCTAssertEqual(r.status, 200)
        }
    }
}
