import Authenticator
import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The passkey login's signature is checked outside the store's write transaction (so logins
/// verify in parallel): what the transaction used to make atomic still holds. One assertion sent
/// many times at once logs in once; a refused signature still spends its challenge.
final class PasskeyLoginRaceTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    private func signedUpDevice(_ email: String) async throws -> PasskeyDevice {
        let device = try PasskeyDevice()
        let options = try await server.client.post(
            "/identity/v1/webauthn/signup-options",
            .object([
                "client_id": .string(server.clientId), "origin": "https://localhost", "friendly_name": "phone",
                "scope": .string(TestServer.allScopes), "profile": .object(["email": .string(email)]),
            ]))
        let finish = try await server.client.post(
            "/identity/v1/webauthn/signup",
            .object([
                "webauthn_id": .string(try XCTUnwrap(options.json["options"]?["public_key"]?["user"]?["id"]?.stringValue)),
                "public_key_credential": try device.create(options.json),
            ]))
        XCTAssertEqual(finish.status, 200, String(decoding: finish.body, as: UTF8.self))
        return device
    }

    private func assertionOptions() async throws -> JSONValue {
        try await server.client.post(
            "/identity/v1/webauthn/authentication-options",
            .object(["client_id": .string(server.clientId), "origin": "https://localhost", "scope": .string(TestServer.allScopes)])
        ).json
    }

    func testOneAssertionSentEightTimesAtOnceLogsInOnce() async throws {
        let device = try await signedUpDevice("race@example.com")
        let assertion = try device.get(try await assertionOptions())
        let client = server.client
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try await client.post("/identity/v1/webauthn/authentication", assertion).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 1, "\(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 400 }.count, 7, "\(statuses)")
        // Eight different assertions at once (each with its own challenge) all log in: the
        // counter moves on under each, one write at a time.
        var assertions: [JSONValue] = []
        for _ in 0..<8 { assertions.append(try device.get(try await assertionOptions())) }
        let counted = try await withThrowingTaskGroup(of: Int.self) { group in
            for assertion in assertions {
                group.addTask { try await client.post("/identity/v1/webauthn/authentication", assertion).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // The authenticator signed them in order, but they may arrive in any: one whose counter
        // is not above the stored one is refused, as a replayed counter is.
        XCTAssertGreaterThanOrEqual(counted.filter { $0 == 200 }.count, 1, "\(counted)")
        XCTAssertEqual(counted.filter { $0 != 200 && $0 != 400 }.count, 0, "\(counted)")
    }

    func testABadSignatureSpendsTheChallenge() async throws {
        let device = try await signedUpDevice("spent-login@example.com")
        let assertion = try device.get(try await assertionOptions())
        guard case .object(var body) = assertion, case .object(var response)? = body["response"],
            let signature = response["signature"]?.stringValue, var bytes = Base64URL.decode(signature)
        else { return XCTFail("unexpected assertion shape: \(assertion)") }
        bytes[bytes.count - 1] ^= 0x01
        response["signature"] = .string(Base64URL.encode(bytes))
        body["response"] = .object(response)
        let refused = try await server.client.post("/identity/v1/webauthn/authentication", .object(body))
        assertAPIError(refused, status: 400, error: "invalid_grant")
        let replay = try await server.client.post("/identity/v1/webauthn/authentication", assertion)
        assertAPIError(replay, status: 400, error: "invalid_grant")
        XCTAssertEqual(replay.json["error_details"]?.arrayFirst?["code"], "invalid_challenge", "\(replay.json)")
    }
}
