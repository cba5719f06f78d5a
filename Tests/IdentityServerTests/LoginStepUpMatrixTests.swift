import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// One login completion (LoginCompletion): every way to sign in × every MFA state of the
/// account. The step-up happens exactly when the account has a second factor and the device is
/// not one it trusts, whatever the method (finding 4: magic links, SMS codes and a recovery's
/// passkey skipped it), and `logins_count` counts a login once, when it completes.
final class LoginStepUpMatrixTests: XCTestCase {
    enum Method: String, CaseIterable { case password, magicLink, smsCode, passkey, apple, recoveryThenPasskey }
    enum State: String, CaseIterable { case noFactor, emailFactor, smsFactor, trustedDevice }
    enum Result: Equatable { case completed, stepUp }

    static let password = "correct horse battery staple"

    /// What each cell must give. A recovery by email ends the factors on other identifiers and
    /// every trusted device (IdentifierProof, finding 9): the SMS factor is gone after it, the
    /// trusted device too.
    static func expected(_ method: Method, _ state: State) -> Result {
        switch (method, state) {
        case (_, .noFactor): .completed
        case (.recoveryThenPasskey, .smsFactor): .completed
        case (.recoveryThenPasskey, .trustedDevice): .stepUp
        case (_, .trustedDevice): .completed
        default: .stepUp
        }
    }

    func testTheStepUpHappensExactlyWhenItShould() async throws {
        let appleKey = try P256PrivateKey.generate()
        let server = try await TestServer.start(
            AccountFlows.appleConfiguration(appleKey) {
                $0.sms = true
                $0.limits.codesPerIdentifier = 1000
            })
        let flows = AccountFlows(server: server, appleKey: appleKey)
        var n = 0
        for method in Method.allCases {
            for state in State.allCases {
                n += 1
                try await play(method, state, n: n, flows: flows)
            }
        }
        XCTAssertEqual(n, 24)
        await server.stop()
    }

    private func play(_ method: Method, _ state: State, n: Int, flows: AccountFlows) async throws {
        let cell = "\(method.rawValue) × \(state.rawValue)"
        let server = flows.server
        let email = "cell-\(n)@example.com"
        let phone = "+336555555\(String(format: "%02d", n))"
        let device = try PasskeyDevice()
        let cookie = try await prepare(email: email, phone: phone, device: device, state: state, n: n, flows: flows)
        let headers = cookie.map { ["Cookie": $0] } ?? [:]
        let stored = try unwrap(try server.env.store.account(where: .email, equals: email))
        let (before, beforeType) = (stored.loginsCount, stored.lastLoginType)

        let result: Result
        switch method {
        case .password:
            let login = try await server.client.post(
                "/identity/v1/password/login",
                .object([
                    "client_id": .string(server.clientId), "email": .string(email), "password": .string(Self.password),
                    "grant_type": "password", "scope": "openid",
                ]), headers: headers)
            result = login.json["mfa_required"] == .bool(true) ? .stepUp : .completed
        case .magicLink, .smsCode:
            let identifier: AccountFlows.Identifier = method == .magicLink ? .email(email) : .phone(phone)
            assertStatus(try await flows.passwordlessStart(identifier, challenge: TestServer.pkce().challenge), 204, cell)
            let code = try unwrap(try await flows.latestCode(to: identifier.value))
            let verify = try await server.client.post(
                "/identity/v1/passwordless/verify",
                .object([
                    "client_id": .string(server.clientId), identifier.key: .string(identifier.value),
                    "verification_code": .string(code), "state": "s",
                ]), headers: headers)
            XCTAssertEqual(verify.status, 200, "\(cell): \(String(decoding: verify.body, as: UTF8.self))")
            result = verify.json["mfa_required"] == .bool(true) ? .stepUp : .completed
            XCTAssertEqual(verify.json["code"] == nil, result == .stepUp, cell)
        case .passkey, .recoveryThenPasskey:
            var signer = device
            if method == .recoveryThenPasskey {
                signer = try PasskeyDevice()
                assertStatus(try await flows.accountRecovery(.email(email), device: signer), 204, cell)
            }
            let options = try await server.client.post(
                "/identity/v1/webauthn/authentication-options",
                .object(["client_id": .string(server.clientId), "origin": "https://localhost", "scope": "openid"]))
            let finish = try await server.client.post(
                "/identity/v1/webauthn/authentication", try signer.get(options.json), headers: headers)
            XCTAssertEqual(finish.status, 200, "\(cell): \(String(decoding: finish.body, as: UTF8.self))")
            result = finish.json["mfa_required"] == .bool(true) ? .stepUp : .completed
        case .apple:
            let authorize = try await appleAuthorize(subject: "apple-\(n)", email: email, flows: flows, headers: headers)
            result = authorize.query("mfa_required") == "true" ? .stepUp : .completed
            XCTAssertEqual(authorize.query("code") == nil, result == .stepUp, cell)
        }
        XCTAssertEqual(result, Self.expected(method, state), cell)
        let after = try unwrap(try server.env.store.account(where: .email, equals: email))
        XCTAssertEqual(after.loginsCount, before + (result == .completed ? 1 : 0), "\(cell): a login is counted when it completes")
        if result == .stepUp {
            XCTAssertEqual(after.lastLoginType, beforeType, "\(cell): the login waiting for its second factor is not recorded")
        }
    }

    /// The account of a cell: email and phone verified, a password, a passkey on `device`, an
    /// Apple identity linked; then the state's factor (and, for a trusted device, a step-up that
    /// trusted it: its cookie is returned).
    private func prepare(email: String, phone: String, device: PasskeyDevice, state: State, n: Int, flows: AccountFlows)
        async throws -> String?
    {
        let server = flows.server
        let signup = try await flows.passwordSignup(["email": .string(email), "password": .string(Self.password)])
        let access = try unwrap(signup.json["access_token"]?.stringValue)
        let client = server.client
        assertStatus(try await client.post("/identity/v1/send-email-verification", .object([:]), token: access), 200)
        let emailCode = try unwrap(try await flows.latestCode(to: email))
        assertStatus(
            try await client.post(
                "/identity/v1/verify-email", .object(["email": .string(email), "verification_code": .string(emailCode)]), token: access),
            200)
        assertStatus(
            try await client.post("/identity/v1/update-phone-number", .object(["phone_number": .string(phone)]), token: access), 200)
        let phoneCode = try unwrap(try await flows.latestCode(to: phone))
        assertStatus(
            try await client.post(
                "/identity/v1/verify-phone-number", .object(["phone_number": .string(phone), "verification_code": .string(phoneCode)]),
                token: access), 204)
        let options = try await client.post(
            "/identity/v1/webauthn/registration-options", .object(["origin": "https://localhost"]), token: access)
        assertStatus(try await client.post("/identity/v1/webauthn/registration", try device.create(options.json), token: access), 204)
        // The Apple identity, linked through the verified email (a login: before any factor).
        let linked = try await appleAuthorize(subject: "apple-\(n)", email: email, flows: flows)
        XCTAssertNotNil(linked.query("code"), "the Apple identity signed in")

        switch state {
        case .noFactor: return nil
        case .emailFactor, .trustedDevice:
            let start = try await client.post(
                "/identity/v1/mfa/credentials/emails", .object(["redirect_url": .string("\(server.env.configuration.customScheme)://mfa")]),
                token: access)
            XCTAssertEqual(start.json["status"], "enabled")
        case .smsFactor:
            let start = try await client.post(
                "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(phone)]), token: access)
            XCTAssertEqual(start.json["status"], "enabled")
        }
        guard state == .trustedDevice else { return nil }
        let mfa = MfaFlows(server: server)
        let started = try await mfa.startedStepUp(email: email)
        // A client of its own (the trusted device): the shared client's jar must not keep the cookie.
        let trusted = try await HTTPClient(baseURL: server.baseURL).post(
            "/identity/v1/passwordless/verify",
            .object(["challenge_id": .string(started.challengeId), "verification_code": .string(started.code), "trust_device": true]))
        return String(try unwrap(trusted.header("Set-Cookie")).split(separator: ";")[0])
    }

    /// `/oauth/authorize` with an Apple identity token (verified email) for `subject`.
    private func appleAuthorize(subject: String, email: String, flows: AccountFlows, headers: [String: String] = [:]) async throws
        -> HTTPClient.Reply
    {
        let key = try unwrap(flows.appleKey)
        let pkce = TestServer.pkce()
        let now = flows.server.env.clock.now.timeIntervalSince1970.rounded(.down)
        let claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": "com.example.app", "sub": .string(subject), "iat": .number(now),
            "exp": .number(now + 600), "email": .string(email), "email_verified": "true",
            "nonce": .string(Base64URL.encode(Digest.sha256(Array(pkce.verifier.utf8)))),
        ]
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: flows.clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: flows.server.callback), .init(name: "scope", value: "openid"),
            .init(name: "code_challenge", value: pkce.challenge), .init(name: "code_challenge_method", value: "S256"),
            .init(name: "provider", value: "apple"),
            .init(name: "id_token", value: try JWT.signES256(claims: claims, key: key, keyId: AccountFlows.appleKeyId)),
            .init(name: "nonce", value: pkce.verifier),
        ]
        return try await flows.client.get("/oauth/authorize?" + (c.percentEncodedQuery ?? ""), headers: headers)
    }
}
