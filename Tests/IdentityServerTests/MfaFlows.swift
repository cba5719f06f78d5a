import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// MFA as a client drives it over HTTP (what the iOS SDK sends): register a factor, a password
/// login that steps up, the step-up's start, code and verify.
struct MfaFlows {
    let server: TestServer
    var client: HTTPClient { server.client }

    func bearer(_ access: String) -> [String: String] { ["Authorization": "Bearer \(access)"] }

    /// Registers the account's email as a factor (verifying it with the emailed code if needed).
    func registerEmail(_ email: String, access: String) async throws {
        let start = try await client.post(
            "/identity/v1/mfa/credentials/emails",
            .object(["redirect_url": .string("\(server.env.configuration.customScheme)://mfa"), "trust_device": false]),
            token: access)
        XCTAssertEqual(start.status, 200, String(decoding: start.body, as: UTF8.self))
        guard start.json["status"]?.stringValue == "email_sent" else { return }
        let sent = try await server.outbox(to: email)
        let code = try XCTUnwrap(sent.last?.code)
        let verify = try await client.post(
            "/identity/v1/mfa/credentials/emails/verify", .object(["verification_code": .string(code), "trust_device": false]),
            token: access)
        XCTAssertEqual(verify.status, 200, String(decoding: verify.body, as: UTF8.self))
    }

    /// POST /identity/v1/mfa/stepup with a login's step-up `tkn` (or, without, the bearer).
    func stepUp(tkn: String?, access: String? = nil, challenge: String) async throws -> HTTPClient.Reply {
        var body: [String: JSONValue] = [
            "response_type": "code", "client_id": .string(server.clientId), "redirect_uri": .string(server.callback),
            "code_challenge": .string(challenge), "code_challenge_method": "S256", "scope": "openid email",
        ]
        if let tkn { body["tkn"] = .string(tkn) }
        return try await client.post("/identity/v1/mfa/stepup", .object(body), token: access)
    }

    func startChallenge(stepUp token: String, authType: String = "email") async throws -> HTTPClient.Reply {
        try await client.post(
            "/identity/v1/passwordless/start",
            .object([
                "response_type": "code", "client_id": .string(server.clientId), "redirect_uri": .string(server.callback),
                "step_up": .string(token), "auth_type": .string(authType),
            ]))
    }

    func verifyChallenge(_ challengeId: String, code: String, trustDevice: Bool? = nil, headers: [String: String] = [:]) async throws
        -> HTTPClient.Reply
    {
        var body: [String: JSONValue] = ["challenge_id": .string(challengeId), "verification_code": .string(code)]
        if let trustDevice { body["trust_device"] = .bool(trustDevice) }
        return try await client.post("/identity/v1/passwordless/verify", .object(body), headers: headers)
    }

    /// A password login that steps up, its step-up started and a code sent: the challenge, the
    /// code and the PKCE verifier the authorization code is exchanged with.
    func startedStepUp(email: String, cookie: String? = nil) async throws -> (challengeId: String, code: String, verifier: String) {
        let login = try await passwordLogin(email: email, cookie: cookie)
        XCTAssertEqual(login.json["mfa_required"], .bool(true))
        let pkce = TestServer.pkce()
        let started = try await stepUp(tkn: try XCTUnwrap(login.json["tkn"]?.stringValue), challenge: pkce.challenge)
        XCTAssertEqual(started.status, 200, String(decoding: started.body, as: UTF8.self))
        let challenge = try await startChallenge(stepUp: try XCTUnwrap(started.json["token"]?.stringValue))
        XCTAssertEqual(challenge.status, 200, String(decoding: challenge.body, as: UTF8.self))
        let sent = try await server.outbox(to: email)
        let code = try XCTUnwrap(sent.last?.code)
        return (try XCTUnwrap(challenge.json["challenge_id"]?.stringValue), code, pkce.verifier)
    }

    func passwordLogin(email: String, cookie: String? = nil) async throws -> HTTPClient.Reply {
        try await client.post(
            "/identity/v1/password/login",
            .object([
                "client_id": .string(server.clientId), "email": .string(email), "password": "correct horse battery staple",
                "grant_type": "password", "scope": .string(TestServer.allScopes),
            ]), headers: cookie.map { ["Cookie": $0] } ?? [:])
    }
}

extension OpenAPIConformanceTour {
    /// Every MFA operation, with its common refusals.
    func mfa() async throws {
        let mfa = MfaFlows(server: server)
        let email = "mia@example.com"
        let access = try unwrap(try await server.login(email: email)["access_token"]?.stringValue)
        _ = try await client.get("/identity/v1/mfa/credentials")
        _ = try await client.post("/identity/v1/mfa/credentials/emails/verify", .object(["verification_code": "000000"]), token: access)
        _ = try await client.get("/identity/v1/mfa/credentials/emails/verify?t=unknown&verification_code=000000")
        _ = try await client.post("/identity/v1/mfa/credentials/emails/verify", .object(["c": "000000", "t": "unknown"]))
        try await mfa.registerEmail(email, access: access)
        _ = try await client.get("/identity/v1/mfa/credentials", token: access)
        _ = try await client.post("/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": "12"]), token: access)
        _ = try await client.post("/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": "+33612345670"]), token: access)
        let sms = try await server.outbox(to: "+33612345670").last?.code ?? "000000"
        _ = try await client.post(
            "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(sms)]), token: access)
        _ = try await mfa.stepUp(tkn: "not-a-step-up", challenge: TestServer.pkce().challenge)
        _ = try await mfa.stepUp(tkn: nil, access: access, challenge: TestServer.pkce().challenge)
        _ = try await mfa.startChallenge(stepUp: "not-a-step-up")
        let started = try await mfa.startedStepUp(email: email)
        _ = try await mfa.verifyChallenge(started.challengeId, code: "000000")
        _ = try await mfa.verifyChallenge(started.challengeId, code: started.code, trustDevice: true)
        let devices = try await client.get("/identity/v1/mfa/trusteddevices", token: access)
        var id = "none"
        if case .array(let list)? = devices.json["trusted_devices"], let first = list.first?["id"]?.stringValue { id = first }
        _ = try await client.delete("/identity/v1/mfa/trusteddevices/\(id)", token: access)
        _ = try await client.delete("/identity/v1/mfa/trusteddevices/\(id)", token: access)
        _ = try await client.send(
            "DELETE", "/identity/v1/mfa/credentials/phone-numbers", body: Array(#"{"phone_number":"+33612345670"}"#.utf8),
            headers: mfa.bearer(access))
        _ = try await client.delete("/identity/v1/mfa/credentials/emails", token: access)
        _ = try await client.delete("/identity/v1/mfa/credentials/emails", token: access)
    }
}
