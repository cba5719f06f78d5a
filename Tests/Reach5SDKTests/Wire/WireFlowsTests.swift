import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The flows' requests as the 11.0.0 SDK sends them: method, path, query and body keys as its
/// ReachFiveApi.swift and request models write them (JSONEncoder with convertToSnakeCase, nil
/// optionals absent, never null). Cited per request below.
final class WireFlowsTests: FlowsExampleTestCase {
    private func body(_ request: WireRecorder.Sent) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(request.body)) as? [String: Any])
    }

    private func only(_ path: String, since mark: Int) throws -> WireRecorder.Sent {
        let matching = sent(since: mark).filter { $0.url.path == path }
        XCTAssertEqual(matching.count, 1, path)
        let request = try XCTUnwrap(matching.first)
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        XCTAssertEqual(Set(query.map(\.name)), ["platform", "sdk"], "ReachFiveApi.createUrl's default parameters only")
        XCTAssertEqual(request.headers["Content-Type"], "application/json")
        XCTAssertNotNil(request.headers["X-R5-Correlation-Id"])
        return request
    }

    /// ReachFiveApi.loginWithPassword: POST /identity/v1/password/login, LoginRequest.
    func testLoginWithPassword() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        let mark = recorder.requests.count
        _ = try await AppDelegate.reachfive().loginWithPassword(email: "john.doe@gmail.com", password: Self.password, scope: ["openid"])
        let request = try only("/identity/v1/password/login", since: mark)
        XCTAssertEqual(request.method, "POST")
        let json = try body(request)
        XCTAssertEqual(Set(json.keys), ["email", "password", "grant_type", "client_id", "scope"])
        XCTAssertEqual(json["grant_type"] as? String, "password")
        XCTAssertEqual(json["scope"] as? String, "openid")
    }

    /// ReachFiveApi.signupWithPassword: POST /identity/v1/signup-token, SignupRequest (redirect_url a URL string).
    func testSignup() async throws {
        let mark = recorder.requests.count
        _ = try await AppDelegate.reachfive().signup(
            profile: ProfileSignupRequest(password: "hjk90wxc", email: "ann@example.com"),
            redirectUrl: URL(string: "https://www.example.com/redirect"),
            origin: "app")
        let json = try body(try only("/identity/v1/signup-token", since: mark))
        XCTAssertEqual(Set(json.keys), ["client_id", "data", "scope", "redirect_url", "origin"])
        XCTAssertEqual(json["redirect_url"] as? String, "https://www.example.com/redirect")
        XCTAssertEqual((json["data"] as? [String: Any])?["email"] as? String, "ann@example.com")
    }

    /// ReachFiveApi.startPasswordless: StartPasswordlessRequest (response_type, state, PKCE S256, redirect_uri defaulted).
    func testStartPasswordless() async throws {
        let mark = recorder.requests.count
        try await AppDelegate.reachfive().startPasswordless(.Email(email: "john.doe@gmail.com", redirectUri: nil))
        let json = try body(try only("/identity/v1/passwordless/start", since: mark))
        XCTAssertEqual(
            Set(json.keys),
            ["client_id", "email", "response_type", "auth_type", "redirect_uri", "state", "code_challenge", "code_challenge_method"])
        XCTAssertEqual(json["auth_type"] as? String, "magic_link")
        XCTAssertEqual(json["state"] as? String, "passwordless")
        XCTAssertEqual(json["response_type"] as? String, "code")
        XCTAssertEqual(json["code_challenge_method"] as? String, "S256")
        XCTAssertEqual(json["redirect_uri"] as? String, "reachfive-\(clientId)://callback")
    }

    /// ReachFiveApi.verifyAuthCode (VerifyAuthCodeRequest as given) then verifyPasswordless (VerifyPasswordlessRequest).
    func testVerifyPasswordlessCode() async throws {
        try await AppDelegate.reachfive().startPasswordless(.PhoneNumber(phoneNumber: "+33792244940", redirectUri: nil))
        let code = try await code(to: "+33792244940")
        let mark = recorder.requests.count
        _ = try await AppDelegate.reachfive().verifyPasswordlessCode(
            verifyAuthCodeRequest: VerifyAuthCodeRequest(authType: .SMS, phoneNumber: "+33792244940", verificationCode: code))
        let check = try body(try only("/identity/v1/verify-auth-code", since: mark))
        XCTAssertEqual(Set(check.keys), ["auth_type", "phone_number", "verification_code"])
        XCTAssertEqual(check["auth_type"] as? String, "sms")
        let verify = try body(try only("/identity/v1/passwordless/verify", since: mark))
        XCTAssertEqual(Set(verify.keys), ["phone_number", "verification_code", "state", "client_id", "response_type"])
    }

    /// ReachFiveApi.updatePassword: the token forms carry the Authorization header and no client_id.
    func testUpdatePassword() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": "gVc7piBn"])
        let token = await login("john.doe@gmail.com", "gVc7piBn")
        let authToken = try XCTUnwrap(token)
        let mark = recorder.requests.count
        try await AppDelegate.reachfive().updatePassword(
            .AccessTokenParams(authToken: authToken, password: "ZPf7LFtc", oldPassword: "gVc7piBn"))
        let request = try only("/identity/v1/update-password", since: mark)
        XCTAssertEqual(request.headers["Authorization"], "Bearer \(authToken.accessToken)")
        XCTAssertEqual(Set(try body(request).keys), ["password", "old_password"])
        let request2 = UpdatePasswordRequest(
            updatePasswordParams: .SmsParams(phoneNumber: "+33682234940", verificationCode: "1", password: "p"),
            sdkConfig: AppDelegate.reachfive().sdkConfig)
        XCTAssertEqual(Set(try XCTUnwrap(request2.dictionary()).keys), ["client_id", "password", "phone_number", "verification_code"])
    }

    /// ReachFiveApi.requestPasswordReset and requestAccountRecovery (redirect_url defaulted to accountRecoveryUri).
    func testResetAndRecovery() async throws {
        let mark = recorder.requests.count
        try await AppDelegate.reachfive().requestPasswordReset(email: "john.doe@gmail.com")
        XCTAssertEqual(Set(try body(try only("/identity/v1/forgot-password", since: mark)).keys), ["client_id", "email"])
        try await AppDelegate.reachfive().requestAccountRecovery(email: "john.doe@gmail.com", origin: "app")
        let recovery = try body(try only("/identity/v1/account-recovery", since: mark))
        XCTAssertEqual(Set(recovery.keys), ["client_id", "email", "redirect_url", "origin"])
        XCTAssertEqual(recovery["redirect_url"] as? String, "reachfive-\(clientId)://account-recovery")
    }
}
