import Encoding
import Foundation
import JOSE
import TestSupport
import XCTest

@testable import IdentityServer

/// Finding 10 (tokens refused after a restart on another port) and the custom-identifier
/// spellings that made separate accounts of one name.
final class IdentifierAndIssuerTests: XCTestCase {
    /// With `--db` and `--port 0`, each restart has another base URL; an access token from before
    /// the restart must still be accepted by the same store.
    func testAccessTokensOutliveARestartOnAnotherPort() async throws {
        let dir = try ScratchDirectory.make("issuer")
        let path = dir.appendingPathComponent("state.sqlite").path
        let first = try await TestServer.start(store: try IdentityStore(path: path))
        let tokens = try await first.login(email: "ren@example.com")
        let firstBase = first.baseURL
        await first.stop()
        let second = try await TestServer.start(store: try IdentityStore(path: path))
        XCTAssertNotEqual(second.baseURL, firstBase, "the test needs another port")
        let me = try await second.client.get("/identity/v1/userinfo", token: tokens["access_token"]?.stringValue)
        assertStatus(me, 200)
        XCTAssertEqual(me.json["email"], "ren@example.com")
        // New tokens carry the current issuer, which discovery names.
        let discovery = try await second.client.get("/.well-known/openid-configuration")
        XCTAssertEqual(discovery.json["issuer"]?.stringValue, second.baseURL)
        // A token signed by the same key under an issuer this store never used is refused.
        let forged = try JWT.signES256(
            claims: [
                "iss": "http://elsewhere.example", "sub": "x", "jti": "j", "client_id": .string(second.clientId),
                "exp": .number(Date().timeIntervalSince1970 + 600), "sgen": .number(0),
            ],
            key: second.env.signingKey.es256.privateKey, keyId: second.env.signingKey.es256.keyId)
        assertStatus(try await second.client.get("/identity/v1/userinfo", token: forged), 401)
        await second.stop()
    }

    /// A configured issuer is the `iss` of every token and discovery's `issuer`, whatever the port.
    func testAConfiguredIssuerIsStable() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.issuer = "https://id.example.test" })
        let tokens = try await server.login(email: "sol@example.com")
        let parts = try unwrap(tokens["access_token"]?.stringValue).split(separator: ".")
        let claims = try StrictJSON.parse(try unwrap(Base64URL.decode(String(parts[1]))), maxDepth: 8)
        XCTAssertEqual(claims["iss"], "https://id.example.test")
        try await assertEqualAsync(
            try await server.client.get("/.well-known/openid-configuration").json["issuer"], "https://id.example.test")
        try await assertEqualAsync(
            try await server.client.get("/.well-known/openid-configuration").json["token_endpoint"]?.stringValue,
            server.baseURL + "/oauth/token")
        assertStatus(try await server.client.get("/identity/v1/userinfo", token: tokens["access_token"]?.stringValue), 200)
        await server.stop()
    }

    /// NFC/NFD, fullwidth and zero-width variants of one name were separate accounts.
    func testCustomIdentifierSpellingsAreOneName() async throws {
        let server = try await TestServer.start()
        let flows = AccountFlows(server: server)
        func signup(_ name: String) async throws -> HTTPClient.Reply {
            try await flows.passwordSignup([
                "custom_identifier": .string(name), "email": .string("u\(UUID().uuidString.prefix(8))@example.com"),
                "password": "correct horse battery staple",
            ])
        }
        assertStatus(try await signup("José.Doe"), 200)
        for variant in ["Jose\u{301}.Doe", "Ｊｏｓé．Ｄｏｅ"] {
            assertAPIError(try await signup(variant), status: 400, error: "custom_identifier_already_exists")
        }
        for invisible in ["José\u{200B}.Doe", "José.Doe\u{FEFF}", "\u{202E}José.Doe", "José  Doe", " José.Doe", "José\u{FE0F}.Doe"] {
            let reply = try await signup(invisible)
            assertAPIError(reply, status: 400, error: "invalid_request")
            XCTAssertEqual(
                reply.json["error_details"]?.arrayFirst?["code"], "invalid_characters",
                invisible.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        // A Cyrillic "а" among Latin letters.
        let mixed = try await signup("p\u{430}ypal")
        XCTAssertEqual(mixed.json["error_details"]?.arrayFirst?["code"], "confusable")
        assertStatus(try await signup("пример"), 200)
        // Logging in with another spelling of the name finds the account.
        try await assertNotNilAsync(
            try await flows.userinfo(try await flows.passwordLogin(.custom("Ｊｏｓé．Ｄｏｅ"), password: "correct horse battery staple")))
        await server.stop()
    }

    /// Seeded users' custom identifiers take the same normalization.
    func testSeededCustomIdentifiersAreNormalized() async throws {
        var seed = ServerConfiguration.SeedUser()
        seed.customIdentifier = "ｊｏｈｎdoe"
        seed.password = "correct horse battery staple"
        let server = try await TestServer.start(TestServer.configuration { $0.users = [seed] })
        let flows = AccountFlows(server: server)
        try await assertNotNilAsync(try await flows.passwordLogin(.custom("johndoe"), password: "correct horse battery staple"))
        var invisible = ServerConfiguration.SeedUser()
        invisible.customIdentifier = "bob\u{200B}by"
        XCTAssertThrowsError(
            try ServerEnvironment(
                configuration: TestServer.configuration { $0.users = [invisible] }, store: try IdentityStore.inMemory(),
                baseURL: "http://127.0.0.1:1"))
        await server.stop()
    }
}
