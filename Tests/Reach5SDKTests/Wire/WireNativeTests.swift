import EmulatorClient
import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The passkey requests against what the 11.0.0 SDK sends, read from its source: ReachFiveApi.swift
/// (`createWebAuthnSignupOptions`, `signupWithWebAuthn` with `origin` in the query when set,
/// `createWebAuthnAuthenticationOptions`, `authenticateWithWebAuthn`,
/// `createWebAuthnRegistrationOptions`/`registerWithWebAuthn` and `getWebAuthnRegistrations`/
/// `deleteWebAuthnRegistration` with the bearer, `createWebAuthnResetOptions`/`resetWebAuthn`,
/// `listSessionDevices`/`deleteSessionDevice`), the request models of models/requests/webAuthn
/// (SignupOptions, WebauthnSignupCredential, RegistrationPublicKeyCredential with
/// R5AuthenticatorAttestationResponse, WebAuthnLoginRequest, AuthenticationPublicKeyCredential with
/// R5AuthenticatorAssertionResponse, RegistrationRequest, ResetOptions, ResetPublicKeyCredential),
/// encoded by utils/DictionaryEncodable.swift (snake_case keys, nil members absent).
final class WireNativeTests: ExampleTestCase {
    private func query(_ sent: WireRecorder.Sent) -> [String: String] {
        let items = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    private func body(_ sent: WireRecorder.Sent) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: XCTUnwrap(sent.body)) as? [String: Any])
    }

    private func request(_ line: String, _ mark: Int) throws -> WireRecorder.Sent {
        try XCTUnwrap(sent(since: mark).first { "\($0.method) \($0.url.path)" == line }, line)
    }

    private let base = ["platform": "ios", "sdk": "11.0.0"]
    private var clientId: String { AppDelegate.reachfive().sdkConfig.clientId }

    private func assertHeaders(_ sent: WireRecorder.Sent, bearer: Bool, json: Bool, file: StaticString = #filePath, line: UInt = #line) {
        var expected: Set<String> = ["X-R5-Correlation-Id"]
        if bearer { expected.insert("Authorization") }
        if json { expected.insert("Content-Type") }
        XCTAssertEqual(Set(sent.headers.keys), expected, file: file, line: line)
        if json { XCTAssertEqual(sent.headers["Content-Type"], "application/json", file: file, line: line) }
        if bearer { XCTAssertEqual(sent.headers["Authorization"]?.hasPrefix("Bearer "), true, file: file, line: line) }
    }

    private func assertCredential(_ credential: Any?, response keys: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let object = try XCTUnwrap(credential as? [String: Any], file: file, line: line)
        XCTAssertEqual(Set(object.keys), ["id", "raw_id", "type", "response"], file: file, line: line)
        XCTAssertEqual(object["type"] as? String, "public-key", file: file, line: line)
        XCTAssertEqual(object["id"] as? String, object["raw_id"] as? String, file: file, line: line)
        XCTAssertEqual(Set(try XCTUnwrap(object["response"] as? [String: Any], file: file, line: line).keys), keys, file: file, line: line)
    }

    func testSignupThenLoginRequests() async throws {
        var mark = recorder.requests.count
        let token = try await AppDelegate.reachfive().signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(
                    email: "wire@example.com", givenName: "Wire", profileURL: "https://x.example/w"),
                friendlyName: "phone", anchor: window, scopes: ["openid", "email", "full_write"], origin: "wire-test"))
        let options = try request("POST /identity/v1/webauthn/signup-options", mark)
        XCTAssertEqual(query(options), base)
        assertHeaders(options, bearer: false, json: true)
        let optionsBody = try body(options)
        XCTAssertEqual(Set(optionsBody.keys), ["origin", "friendly_name", "profile", "client_id", "scope"])
        XCTAssertEqual(optionsBody["scope"] as? String, "openid email full_write")
        XCTAssertEqual(optionsBody["origin"] as? String, "https://localhost")
        XCTAssertEqual(optionsBody["client_id"] as? String, clientId)
        XCTAssertEqual(
            (optionsBody["profile"] as? [String: Any]).map { Set($0.keys) }, ["email", "given_name", "profile_url"], "nil fields absent")
        let signup = try request("POST /identity/v1/webauthn/signup", mark)
        XCTAssertEqual(query(signup), base.merging(["origin": "wire-test"]) { a, _ in a })
        assertHeaders(signup, bearer: false, json: true)
        let signupBody = try body(signup)
        XCTAssertEqual(Set(signupBody.keys), ["webauthn_id", "public_key_credential"])
        try assertCredential(signupBody["public_key_credential"], response: ["attestation_object", "client_data_json"])

        mark = recorder.requests.count
        _ = try await AppDelegate.reachfive().login(
            withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.Passkey], display: .Always)
        let discoverable = try body(try request("POST /identity/v1/webauthn/authentication-options", mark))
        XCTAssertEqual(Set(discoverable.keys), ["client_id", "origin", "scope"], "no identifier: email and phone_number absent")
        let authentication = try request("POST /identity/v1/webauthn/authentication", mark)
        XCTAssertEqual(query(authentication), base)
        assertHeaders(authentication, bearer: false, json: true)
        try assertCredential(
            try body(authentication), response: ["authenticator_data", "client_data_json", "signature", "user_handle"])

        mark = recorder.requests.count
        // No account has this phone number: the server refuses the options; the request is what counts.
        _ = try? await AppDelegate.reachfive().login(
            withNonDiscoverableUsername: .Unspecified("+33612345678"), forRequest: NativeLoginRequest(anchor: window),
            usingModalAuthorizationFor: [.Passkey], display: .Always)
        let restricted = try body(try request("POST /identity/v1/webauthn/authentication-options", mark))
        XCTAssertEqual(Set(restricted.keys), ["client_id", "origin", "scope", "phone_number"], "no '@': a phone number")

        mark = recorder.requests.count
        let listed = try await AppDelegate.reachfive().listWebAuthnCredentials(authToken: token)
        let list = try request("GET /identity/v1/webauthn/registration", mark)
        XCTAssertEqual(query(list), base)
        assertHeaders(list, bearer: true, json: false)
        XCTAssertNil(list.body)
        let passkeyId = try XCTUnwrap(listed.first?.id)
        mark = recorder.requests.count
        try await AppDelegate.reachfive().deleteWebAuthnRegistration(id: passkeyId, authToken: token)
        let delete = try XCTUnwrap(sent(since: mark).first)
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertEqual(delete.url.path, "/identity/v1/webauthn/registration/\(passkeyId)")
        assertHeaders(delete, bearer: true, json: false)
    }

    func testRegisterAndResetRequests() async throws {
        _ = try await server.emulator.createAccount(["email": "reg@example.com", "password": "UCrcF4RH"])
        guard
            case .AchievedLogin(let token) = try await AppDelegate.reachfive().loginWithPassword(
                email: "reg@example.com", password: "UCrcF4RH")
        else { return XCTFail("expected a login") }
        var mark = recorder.requests.count
        try await AppDelegate.reachfive().registerNewPasskey(
            withRequest: NewPasskeyRequest(anchor: window, friendlyName: "laptop", originWebAuthn: "HTTPS://LocalHost:443/path"),
            authToken: token)
        let options = try request("POST /identity/v1/webauthn/registration-options", mark)
        assertHeaders(options, bearer: true, json: true)
        let optionsBody = try body(options)
        XCTAssertEqual(Set(optionsBody.keys), ["origin", "friendly_name"])
        XCTAssertEqual(optionsBody["origin"] as? String, "https://localhost", "the override, as a serialized origin")
        let registration = try request("POST /identity/v1/webauthn/registration", mark)
        XCTAssertEqual(query(registration), base, "no origin: absent from the query")
        assertHeaders(registration, bearer: true, json: true)
        try assertCredential(try body(registration), response: ["attestation_object", "client_data_json"])

        try await AppDelegate.reachfive().requestAccountRecovery(email: "reg@example.com")
        let code = try await server.emulator.latestCode(to: "reg@example.com", timeout: .zero)
        window = try HeadlessPresentation.ephemeral()
        mark = recorder.requests.count
        try await AppDelegate.reachfive().resetPasskeys(
            withRequest: ResetPasskeyRequest(verificationCode: code, friendlyName: "new", anchor: window, email: "reg@example.com"))
        let resetOptions = try body(try request("POST /identity/v1/webauthn/reset-options", mark))
        XCTAssertEqual(Set(resetOptions.keys), ["email", "verification_code", "friendly_name", "origin", "client_id"])
        let reset = try request("POST /identity/v1/webauthn/reset", mark)
        assertHeaders(reset, bearer: false, json: true)
        let resetBody = try body(reset)
        XCTAssertEqual(Set(resetBody.keys), ["email", "verification_code", "client_id", "public_key_credential"])
        try assertCredential(resetBody["public_key_credential"], response: ["attestation_object", "client_data_json"])
    }

    /// 11.0's session devices: the server serves none (404), the requests are the SDK's.
    func testSessionDeviceRequests() async throws {
        _ = try await server.emulator.createAccount(["email": "dev@example.com", "password": "UCrcF4RH"])
        guard
            case .AchievedLogin(let token) = try await AppDelegate.reachfive().loginWithPassword(
                email: "dev@example.com", password: "UCrcF4RH")
        else { return XCTFail("expected a login") }
        let mark = recorder.requests.count
        _ = try? await AppDelegate.reachfive().listSessionDevices(authToken: token) // the server answers 404
        try? await AppDelegate.reachfive().deleteSessionDevice(id: "d1", authToken: token) // the server answers 404
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/session-devices", "DELETE /identity/v1/session-devices/d1"])
        for sent in sent(since: mark) {
            assertHeaders(sent, bearer: true, json: false)
            XCTAssertEqual(query(sent), base)
        }
    }
}
