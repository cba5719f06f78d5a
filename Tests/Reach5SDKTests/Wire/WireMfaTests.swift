import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import XCTest

/// Every MFA request, as 11.0.0's SDK sends it: `Sources/Core/Classes/ReachFiveApi.swift` (the MFA
/// section: method, path, `tokenHeader(authToken)` on the bearer routes, `request.dictionary()` as
/// the JSON body) with the bodies of `models/requests/MfaCredentialsRequest.swift` and
/// `MfaStepUpRequest.swift` (snake_case keys, nil optionals absent, non-optional Bools always
/// present), and `NetworkClient.swift` (`X-R5-Correlation-Id` on every request, `Content-Type:
/// application/json` when there is a body, `platform=ios&sdk=…` on every URL). The server is a
/// closed port: each request is recorded, then fails.
final class WireMfaTests: XCTestCase {
    private var recorder: WireRecorder!
    private var reachfive: ReachFive!
    private let token = AuthToken(
        idToken: nil, accessToken: "wire-access", refreshToken: nil, tokenType: "Bearer", expiresIn: nil, user: nil)

    override func setUp() {
        recorder = WireRecorder()
        reachfive = ReachFive(
            sdkConfig: SdkConfig(domain: "127.0.0.1:1", clientId: "wire-client", mfaUri: URL(string: "app-wire://mfa")),
            storage: MemoryStorage(), recorder: recorder)
    }

    /// Runs `call` (which fails: nothing listens) and returns the one request it sent.
    private func sent(_ call: () async throws -> Void) async throws -> WireRecorder.Sent {
        let mark = recorder.requests.count
        do { try await call() } catch {}
        let requests = recorder.requests.dropFirst(mark)
        XCTAssertEqual(requests.count, 1)
        return try XCTUnwrap(requests.first)
    }

    private func check(
        _ request: WireRecorder.Sent, _ method: String, _ path: String, bearer: Bool, body: [String: Any]?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(request.method, method, file: file, line: line)
        let url = try XCTUnwrap(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        XCTAssertEqual(url.path, path, file: file, line: line)
        XCTAssertEqual(
            Set((url.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }), ["platform=ios", "sdk=11.0.0"], file: file, line: line)
        XCTAssertNotNil(request.headers["X-R5-Correlation-Id"], file: file, line: line)
        XCTAssertEqual(request.headers["Authorization"], bearer ? "Bearer wire-access" : nil, file: file, line: line)
        guard let body else {
            XCTAssertNil(request.body, file: file, line: line)
            XCTAssertNil(request.headers["Content-Type"], file: file, line: line)
            return
        }
        XCTAssertEqual(request.headers["Content-Type"], "application/json", file: file, line: line)
        let sentBody = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(request.body)) as? [String: Any])
        XCTAssertEqual(sentBody as NSDictionary, body as NSDictionary, file: file, line: line)
    }

    func testCredentialRegistration() async throws {
        // startMfaEmailRegistration: redirect_url is the config's mfaUri when none is given.
        try check(
            try await sent { _ = try await reachfive.mfaStart(registering: .Email(), authToken: token) },
            "POST", "/identity/v1/mfa/credentials/emails", bearer: true, body: ["redirect_url": "app-wire://mfa", "trust_device": false])
        try check(
            try await sent {
                _ = try await reachfive.mfaStart(
                    registering: .Email(redirectUrl: URL(string: "app-wire://other")), authToken: token, action: "mfa", trustDevice: true)
            },
            "POST", "/identity/v1/mfa/credentials/emails", bearer: true,
            body: ["redirect_url": "app-wire://other", "action": "mfa", "trust_device": true])
        // startMfaPhoneRegistration
        try check(
            try await sent { _ = try await reachfive.mfaStart(registering: .PhoneNumber("+33612345678"), authToken: token) },
            "POST", "/identity/v1/mfa/credentials/phone-numbers", bearer: true,
            body: ["phone_number": "+33612345678", "trust_device": false])
        // verifyMfaEmailRegistrationPost, verifyMfaPhoneRegistration
        try check(
            try await sent { _ = try await reachfive.mfaVerify(.Email, code: "123456", authToken: token) },
            "POST", "/identity/v1/mfa/credentials/emails/verify", bearer: true,
            body: ["verification_code": "123456", "trust_device": false])
        try check(
            try await sent { _ = try await reachfive.mfaVerify(.PhoneNumber, code: "654321", authToken: token, trustDevice: true) },
            "POST", "/identity/v1/mfa/credentials/phone-numbers/verify", bearer: true,
            body: ["verification_code": "654321", "trust_device": true])
    }

    func testListAndDelete() async throws {
        try check(
            try await sent { _ = try await reachfive.mfaListCredentials(authToken: token) },
            "GET", "/identity/v1/mfa/credentials", bearer: true, body: nil)
        // deleteMfaPhoneNumberCredential sends the number as a JSON body; deleteMfaEmailCredential none.
        try check(
            try await sent { try await reachfive.mfaDeleteCredential("+33612345678", authToken: token) },
            "DELETE", "/identity/v1/mfa/credentials/phone-numbers", bearer: true, body: ["phone_number": "+33612345678"])
        try check(
            try await sent { try await reachfive.mfaDeleteCredential(authToken: token) },
            "DELETE", "/identity/v1/mfa/credentials/emails", bearer: true, body: nil)
        try check(
            try await sent { _ = try await reachfive.mfaListTrustedDevices(authToken: token) },
            "GET", "/identity/v1/mfa/trusteddevices", bearer: true, body: nil)
        try check(
            try await sent { try await reachfive.mfaDelete(trustedDeviceId: "device-1", authToken: token) },
            "DELETE", "/identity/v1/mfa/trusteddevices/device-1", bearer: true, body: nil)
    }

    func testStepUp() async throws {
        // startMfaStepUp (auth-token flow): a fresh S256 PKCE, the client's scope joined, no tkn.
        let stepUp = try await sent {
            _ = try await reachfive.mfaStart(
                stepUp: .AuthTokenFlow(authType: .sms, authToken: token, scope: ["openid", "email"], action: "pay"))
        }
        let challenge = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: try XCTUnwrap(stepUp.body)) as? [String: Any])?["code_challenge"] as? String)
        XCTAssertEqual(challenge.count, 43)
        try check(
            stepUp, "POST", "/identity/v1/mfa/stepup", bearer: true,
            body: [
                "response_type": "code", "client_id": "wire-client", "redirect_uri": reachfive.sdkConfig.redirectUri.absoluteString,
                "code_challenge": challenge, "code_challenge_method": "S256", "scope": "openid email", "action": "pay",
            ])
        // startPasswordless(mfa:) (login flow): no bearer; origin absent when nil.
        try check(
            try await sent { _ = try await reachfive.mfaStart(stepUp: .LoginFlow(authType: .email, stepUpToken: "step-up-token")) },
            "POST", "/identity/v1/passwordless/start", bearer: false,
            body: [
                "response_type": "code", "redirect_uri": reachfive.sdkConfig.redirectUri.absoluteString, "client_id": "wire-client",
                "step_up": "step-up-token", "auth_type": "email",
            ])
        try check(
            try await sent {
                _ = try await reachfive.mfaStart(
                    stepUp: .LoginFlow(
                        authType: .sms, stepUpToken: "t2", redirectUri: URL(string: "https://cb.example/x"), origin: "ios-app"))
            },
            "POST", "/identity/v1/passwordless/start", bearer: false,
            body: [
                "response_type": "code", "redirect_uri": "https://cb.example/x", "client_id": "wire-client", "step_up": "t2",
                "auth_type": "sms", "origin": "ios-app",
            ])
        // verifyPasswordless(mfa:): trust_device absent when nil, present when given.
        try check(
            try await sent { _ = try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: "ch", verificationCode: "111111")) },
            "POST", "/identity/v1/passwordless/verify", bearer: false, body: ["challenge_id": "ch", "verification_code": "111111"])
        try check(
            try await sent {
                _ = try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: "ch", verificationCode: "2", trustDevice: true))
            },
            "POST", "/identity/v1/passwordless/verify", bearer: false,
            body: ["challenge_id": "ch", "verification_code": "2", "trust_device": true])
    }

    /// Without a step-up in progress there is no PKCE: the SDK fails before sending anything.
    func testVerifyWithoutStepUpSendsNothing() async {
        let fresh = ReachFive(
            sdkConfig: SdkConfig(domain: "127.0.0.1:1", clientId: "wire-client"), storage: MemoryStorage(), recorder: recorder)
        do {
            _ = try await fresh.mfaVerify(stepUp: VerifyStepUp(challengeId: "c", verificationCode: "1"))
            XCTFail("verified without a PKCE")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertEqual(reason, "Pkce not found")
        } catch { XCTFail("\(error)") }
        XCTAssertTrue(recorder.requests.isEmpty)
    }
}

/// A storage of its own (the default, UserDefaults, is shared by the whole test process).
private final class MemoryStorage: Storage {
    private var values: [String: Data] = [:]
    func save(key: String, value: some Codable) { values[key] = try? JSONEncoder().encode(value) }
    func get<D: Codable>(key: String) -> D? { values[key].flatMap { try? JSONDecoder().decode(D.self, from: $0) } }
    func take<D: Codable>(key: String) -> D? {
        defer { clear(key: key) }
        return get(key: key)
    }
    func clear(key: String) { values[key] = nil }
}
