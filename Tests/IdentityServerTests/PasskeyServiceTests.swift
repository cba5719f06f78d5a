import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The Passkeys and Sessions services behind the WebAuthn routes: typed bodies whose refusals
/// name the member's whole path, a finish call that spends its challenge whatever happens (its
/// work undone when refused), and bearer tokens checked against the store inside the call's
/// own transaction, after the body arrived.
final class PasskeyServiceTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func signupOptions(email: String) async throws -> HTTPClient.Reply {
        try await server.client.post(
            "/identity/v1/webauthn/signup-options",
            .object([
                "client_id": .string(server.clientId), "origin": "https://localhost", "scope": .string(TestServer.allScopes),
                "profile": .object(["email": .string(email)]),
            ]))
    }

    func assertField(_ reply: HTTPClient.Reply, _ field: String, code: String, file: StaticString = #filePath, line: UInt = #line) {
        assertAPIError(reply, status: 400, error: "invalid_request", file: file, line: line)
        XCTAssertEqual(reply.json["error_details"]?.arrayFirst?["field"]?.stringValue, field, file: file, line: line)
        XCTAssertEqual(reply.json["error_details"]?.arrayFirst?["code"]?.stringValue, code, file: file, line: line)
    }

    func testARefusedCredentialBodyNamesTheMembersWholePath() async throws {
        let notBase64 = try await server.client.post(
            "/identity/v1/webauthn/authentication",
            .object(["id": "AQ", "raw_id": "AQ", "type": "public-key", "response": .object(["client_data_json": "e+30"])]))
        assertField(notBase64, "response.client_data_json", code: "invalid")
        let nested = try await server.client.post(
            "/identity/v1/webauthn/signup",
            .object([
                "webauthn_id": "AAAA",
                "public_key_credential": .object([
                    "id": "AQ", "raw_id": .number(5), "type": "public-key", "response": .object(["client_data_json": "e30"]),
                ]),
            ]))
        assertField(nested, "public_key_credential.raw_id", code: "type")
        let mismatch = try await server.client.post(
            "/identity/v1/webauthn/authentication",
            .object(["id": "Ag", "raw_id": "AQ", "type": "public-key", "response": .object(["client_data_json": "e30"])]))
        assertField(mismatch, "id", code: "invalid")
        let wrongType = try await server.client.post(
            "/identity/v1/webauthn/authentication",
            .object(["id": "AQ", "raw_id": "AQ", "type": "password", "response": .object(["client_data_json": "e30"])]))
        assertField(wrongType, "type", code: "invalid")
        let badHandle = try await server.client.post(
            "/identity/v1/webauthn/authentication",
            .object([
                "id": "AQ", "raw_id": "AQ", "type": "public-key", "response": .object(["client_data_json": "e30", "user_handle": "+/"]),
            ]))
        assertField(badHandle, "response.user_handle", code: "invalid")
    }

    /// A refused finish call spends its challenge (no replay) and leaves nothing else behind.
    func testARefusedSignupSpendsItsChallengeAndCreatesNoAccount() async throws {
        let options = try await signupOptions(email: "spent@example.com")
        assertStatus(options, 200)
        let credential = try PasskeyDevice().create(options.json)
        let wrongId = try await server.client.post(
            "/identity/v1/webauthn/signup",
            .object(["webauthn_id": .string(Base64URL.encode([UInt8](repeating: 9, count: 32))), "public_key_credential": credential]))
        assertField(wrongId, "webauthn_id", code: "mismatch")
        let userId = try unwrap(options.json["options"]?["public_key"]?["user"]?["id"])
        let again = try await server.client.post(
            "/identity/v1/webauthn/signup", .object(["webauthn_id": userId, "public_key_credential": credential]))
        assertAPIError(again, status: 400, error: "invalid_grant")
        XCTAssertEqual(again.json["error_details"]?.arrayFirst?["code"], "invalid_challenge")
        XCTAssertTrue(try server.env.store.allAccounts().isEmpty)
    }

    /// The savepoint: what the finish call wrote before it was refused is undone, the spent
    /// challenge is committed.
    func testSpendUndoesTheRefusedWorkButCommitsTheSpentChallenge() async throws {
        let passkeys = server.env.services.passkeys
        let challenge = try await server.env.store.transaction { db in
            try passkeys.newChallenge(.registration, PasskeyCeremony.Registration(origin: "o", accountId: "a", friendlyName: "n"), in: db)
        }
        struct Refused: Error {}
        let outcome = try await server.env.store.transaction { db in
            try passkeys.spend(challenge, .registration, as: PasskeyCeremony.Registration.self, in: db) { data -> Void in
                XCTAssertEqual(data.friendlyName, "n")
                _ = try AccountCreation.insert(AccountDraft(email: "undone@example.com"), core: server.env.services.core, in: db)
                throw Refused()
            }
        }
        XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is Refused) }
        XCTAssertNil(try server.env.store.account(where: .email, equals: "undone@example.com"))
        let second = try await server.env.store.transaction { db in
            try passkeys.spend(challenge, .registration, as: PasskeyCeremony.Registration.self, in: db) { _ in }
        }
        XCTAssertThrowsError(try second.get(), "the challenge was spent by the refused call")
    }

    /// A token refused at the finish (one without `full_write`) leaves the challenge for the
    /// owner to finish with the right one.
    func testARefusedTokenAtTheFinishLeavesTheRegistrationChallengeUnspent() async throws {
        let owner = try unwrap(try await server.login(email: "scoped@example.com")["access_token"]?.stringValue)
        let options = try await server.client.post(
            "/identity/v1/webauthn/registration-options", .object(["origin": "https://localhost"]), token: owner)
        assertStatus(options, 200)
        let credential = try PasskeyDevice().create(options.json)
        let login = try await server.passwordLogin(email: "scoped@example.com", scope: "openid email")
        let readOnly = try await server.exchange(tkn: try unwrap(login.json["tkn"]?.stringValue), scope: "openid email")
        let refused = try await server.client.post(
            "/identity/v1/webauthn/registration", credential, token: readOnly["access_token"]?.stringValue)
        assertAPIError(refused, status: 403, error: "insufficient_scope")
        assertStatus(try await server.client.post("/identity/v1/webauthn/registration", credential, token: owner), 204)
    }

    /// The token's signature is checked when the headers arrive, the store only inside the
    /// call's transaction: a request held open while the owner proves the address is refused.
    func testRegistrationOptionsHeldOpenAcrossTheOwnersProofAreRefused() async throws {
        let flows = AccountFlows(server: server)
        let attacker = try await server.signup(email: "held-passkey@example.com")
        let token = try unwrap(attacker.json["access_token"]?.stringValue)
        let port = try unwrap(URLComponents(string: server.baseURL)?.port)
        let held = try RawHTTP.HeldRequest(
            port: port, "POST", "/identity/v1/webauthn/registration-options",
            headers: [("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
            body: #"{"origin":"https://localhost"}"#)
        try await assertNotNilAsync(try await flows.passwordless(.email("held-passkey@example.com")), "the owner's magic link")
        XCTAssertEqual(try held.finish(), 401, "options for the attacker's passkey on the owner's account")
        let challenges = try server.env.store.read { db in
            try db.prepare("SELECT COUNT(*) FROM challenges").firstRow { $0.int(0) }
        }
        XCTAssertEqual(challenges, 0)
    }

    func testSessionsChecksTheTokenInsideTheCallersTransaction() async throws {
        let token = try unwrap(try await server.login(email: "inside@example.com")["access_token"]?.stringValue)
        let env = server.env
        let bearer = Sessions.Bearer(token: token, access: try env.tokens.verifyAccessToken(token, now: env.clock.now), policy: .write)
        let auth = try await env.store.reading { db in try env.services.sessions.authenticate(bearer, in: db) }
        XCTAssertEqual(auth.account.email, "inside@example.com")
        do {
            try await env.store.transaction { db in
                try env.store.revokeSessions(accountId: auth.account.id, now: env.now, lifetimes: env.configuration.lifetimes, in: db)
                _ = try env.services.sessions.authenticate(bearer, in: db)
            }
            XCTFail("a token whose session ended in the same transaction was accepted")
        } catch let error as APIError {
            XCTAssertEqual(error.error, "invalid_token")
        }
        // The failed transaction rolled back: the session still lasts.
        _ = try await env.store.reading { db in try env.services.sessions.authenticate(bearer, in: db) }
    }
}
