import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// An account with MFA state for the operator's views (the console's account page, the
/// emulator's MFA route): its email and a phone number registered as factors, a device trusted
/// through a verified step-up, and one password login waiting for its second factor.
struct MfaOperatorFlows {
    let server: TestServer
    var mfa: MfaFlows { MfaFlows(server: server) }
    static let phone = "+33612345670"

    struct Prepared {
        var accountId: String
        var email: String
        /// The trusted device's listed id (not its cookie).
        var deviceId: String
        /// `r5_trusted_device=…`, for a later login from that device.
        var deviceCookie: String
        /// The step-up code and the phone registration code the outbox carried.
        var stepUpCode: String
        var phoneCode: String
    }

    func prepare(email: String) async throws -> Prepared {
        let client = server.client
        let access = try unwrap(try await server.login(email: email)["access_token"]?.stringValue)
        try await mfa.registerEmail(email, access: access)
        let phone = try await client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(Self.phone)]), token: access)
        XCTAssertEqual(phone.json["status"], "sms_sent", String(decoding: phone.body, as: UTF8.self))
        let phoneCode = try unwrap(try await server.outbox(to: Self.phone).last?.code)
        let verified = try await client.post(
            "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(phoneCode)]), token: access)
        XCTAssertEqual(verified.status, 200, String(decoding: verified.body, as: UTF8.self))

        let started = try await mfa.startedStepUp(email: email)
        // A client of its own (the device being trusted): the shared client's cookie jar would
        // otherwise present the device's cookie at every later login of the test.
        let trusted = try await HTTPClient(baseURL: server.baseURL).post(
            "/identity/v1/passwordless/verify",
            .object(["challenge_id": .string(started.challengeId), "verification_code": .string(started.code), "trust_device": true]))
        XCTAssertEqual(trusted.status, 200, String(decoding: trusted.body, as: UTF8.self))
        let cookie = String(try unwrap(trusted.header("Set-Cookie")).split(separator: ";")[0])
        // A login waiting for its second factor: the step-up in progress.
        let waiting = try await mfa.passwordLogin(email: email)
        XCTAssertEqual(waiting.json["mfa_required"], .bool(true))

        let accountId = try unwrap(try server.env.store.account(where: .email, equals: email)).id
        let env = server.env
        let deviceId = try unwrap(
            try await env.store.reading { db in try env.store.trustedDevices(accountId: accountId, now: env.now, in: db) }.first?.id)
        XCTAssertNotEqual(Mfa.trustedDeviceCookie + "=" + deviceId, cookie, "the listed id is not the cookie")
        return Prepared(
            accountId: accountId, email: email, deviceId: deviceId,
            deviceCookie: cookie, stepUpCode: started.code, phoneCode: phoneCode)
    }

    /// The console's token, read from a page as a browser would.
    func consoleToken() async throws -> String {
        let html = String(decoding: try await HTTPClient(baseURL: server.baseURL).get("/").body, as: UTF8.self)
        let marker = #"name="csrf" value=""#
        let start = try unwrap(html.range(of: marker)).upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    /// Posts a console form from the console's own origin; `csrf` nil leaves the token out.
    func postForm(_ path: String, _ fields: [String: String], csrf: String?, client: HTTPClient) async throws -> HTTPClient.Reply {
        var fields = fields
        if let csrf { fields["csrf"] = csrf }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
        return try await client.send(
            "POST", path, body: Array(body.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": server.baseURL])
    }
}

extension OpenAPIConformanceTour {
    /// The operator's MFA operations: the emulator's MFA state route and the console's delete
    /// forms, with their refusals.
    func mfaOperator() async throws {
        let flows = MfaOperatorFlows(server: server)
        let prepared = try await flows.prepare(email: "max@example.com")
        let id = prepared.accountId
        _ = try await client.get("/emulator/v1/accounts/\(id)/mfa")
        _ = try await client.get("/emulator/v1/accounts/nobody/mfa")
        let csrf = try await flows.consoleToken()
        let credentials = "/console/accounts/\(id)/mfa/credentials/delete"
        let devices = "/console/accounts/\(id)/mfa/trusted-devices/delete"
        _ = try await flows.postForm(credentials, ["type": "sms", "target": MfaOperatorFlows.phone], csrf: nil, client: client)
        _ = try await flows.postForm(credentials, ["type": "sms", "target": MfaOperatorFlows.phone], csrf: csrf, client: client)
        _ = try await flows.postForm(credentials, ["type": "sms", "target": MfaOperatorFlows.phone], csrf: csrf, client: client)
        _ = try await client.send("POST", credentials, body: Array(#"{"csrf":"x"}"#.utf8), headers: ["Origin": server.baseURL])
        _ = try await flows.postForm(devices, ["device": prepared.deviceId], csrf: nil, client: client)
        _ = try await flows.postForm(devices, ["device": prepared.deviceId], csrf: csrf, client: client)
        _ = try await flows.postForm(devices, ["device": prepared.deviceId], csrf: csrf, client: client)
        _ = try await client.send("POST", devices, body: Array(#"{"csrf":"x"}"#.utf8), headers: ["Origin": server.baseURL])
    }
}
