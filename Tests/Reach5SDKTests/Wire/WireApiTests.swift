import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// `ReachFive.reachFiveApi`, the SDK's public raw API, on the wire: each group's requests compared
/// with what the 11.0.0 SDK's Sources/Core/Classes/ReachFiveApi.swift builds (`createUrl` adds
/// `platform=ios&sdk=…` and drops nil parameters; `NetworkClient.request` sets
/// `X-R5-Correlation-Id`, and `Content-Type: application/json` only with a body; `tokenHeader` gives
/// `Authorization: <token_type or Bearer> <access_token>`; bodies are the request models'
/// `dictionary()`: snake_case keys, nils absent), and with the request the `ReachFive` method of the
/// same endpoint sends. The answers are the in-process server's, decoded into the SDK's models.
final class WireApiTests: FlowsExampleTestCase {
    private var api: ReachFiveApi { AppDelegate.reachfive().reachFiveApi }

    private func body(_ request: WireRecorder.Sent) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(request.body)) as? [String: Any])
    }

    private func query(_ request: WireRecorder.Sent) -> [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The one request sent to `path` since `mark`, with the headers every SDK request carries.
    private func only(_ method: String, _ path: String, since mark: Int, json: Bool) throws -> WireRecorder.Sent {
        let matching = sent(since: mark).filter { $0.url.path == path }
        XCTAssertEqual(matching.count, 1, path)
        let request = try XCTUnwrap(matching.first)
        XCTAssertEqual(request.method, method, path)
        XCTAssertEqual(query(request)["platform"], "ios")
        XCTAssertNotNil(query(request)["sdk"])
        XCTAssertNotNil(request.headers["X-R5-Correlation-Id"])
        XCTAssertEqual(request.headers["Content-Type"], json ? "application/json" : nil, path)
        XCTAssertEqual(request.body != nil, json, path)
        return request
    }

    private func signedIn(_ email: String = "john.doe@gmail.com") async throws -> AuthToken {
        try await makeAccount(["email": .string(email), "password": .string(Self.password), "email_verified": true])
        let token = await login(email, Self.password)
        return try XCTUnwrap(token)
    }

    // MARK: - Configuration and URLs

    /// clientConfig: GET /identity/v1/config?client_id=…, as `initialize()` sends it; decodes ClientConfigResponse.
    func testClientConfig() async throws {
        var mark = recorder.requests.count
        let config = try await api.clientConfig()
        let raw = try only("GET", "/identity/v1/config", since: mark, json: false)
        XCTAssertEqual(query(raw), ["client_id": clientId, "platform": "ios", "sdk": query(raw)["sdk"]!])
        XCTAssertTrue(config.scope.split(separator: " ").contains("openid"), config.scope)
        mark = recorder.requests.count
        try await AppDelegate.reachfive().reinitialize()
        let facade = try only("GET", "/identity/v1/config", since: mark, json: false)
        XCTAssertEqual(query(facade), query(raw))
        XCTAssertEqual(facade.headers["X-R5-Correlation-Id"], raw.headers["X-R5-Correlation-Id"], "one transport per ReachFive")
    }

    /// buildAuthorizeURL / buildLogoutURL: createUrl with the given parameters, nil ones dropped.
    func testBuiltURLs() throws {
        let authorize = api.buildAuthorizeURL(queryParams: ["client_id": clientId, "state": nil, "scope": "openid email"])
        XCTAssertEqual(authorize.path, "/oauth/authorize")
        let items = URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems ?? []
        XCTAssertEqual(Set(items.map(\.name)), ["client_id", "scope", "platform", "sdk"])
        XCTAssertEqual(items.first { $0.name == "scope" }?.value, "openid email")
        let logout = api.buildLogoutURL(queryParams: ["redirect_to": "https://a.example/"])
        XCTAssertEqual(logout.path, "/identity/v1/logout")
        XCTAssertEqual(URLComponents(url: logout, resolvingAgainstBaseURL: false)?.queryItems?.first?.value, "https://a.example/")
    }

    // MARK: - Authentication

    /// loginWithPassword (LoginRequest) → TknMfa; authorize(params:) reads the code from the redirect;
    /// authWithCode (AuthCodeRequest) and refreshAccessToken (RefreshRequest) → AccessTokenResponse;
    /// revokeToken (RevokeTokenRequest); logout: GET /identity/v1/logout.
    func testTokenChain() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        var mark = recorder.requests.count
        let tkn = try await api.loginWithPassword(
            loginRequest: LoginRequest(
                email: "john.doe@gmail.com", phoneNumber: nil, customIdentifier: nil, password: Self.password, grantType: "password",
                clientId: clientId, scope: "openid email offline_access"))
        let login = try body(try only("POST", "/identity/v1/password/login", since: mark, json: true))
        XCTAssertEqual(Set(login.keys), ["email", "password", "grant_type", "client_id", "scope"])
        XCTAssertFalse(tkn.tkn.isEmpty)

        let pkce = Pkce.generate()
        let redirectUri = AppDelegate.reachfive().sdkConfig.redirectUri
        mark = recorder.requests.count
        let code = try await api.authorize(params: [
            "client_id": clientId, "response_type": "code", "redirect_uri": redirectUri.absoluteString,
            "scope": "openid email offline_access",
            "code_challenge": pkce.codeChallenge, "code_challenge_method": pkce.codeChallengeMethod, "tkn": tkn.tkn, "origin": nil,
        ])
        let authorize = try only("GET", "/oauth/authorize", since: mark, json: false)
        XCTAssertEqual(
            Set(query(authorize).keys),
            ["client_id", "response_type", "redirect_uri", "scope", "code_challenge", "code_challenge_method", "tkn", "platform", "sdk"])

        mark = recorder.requests.count
        let tokens = try await api.authWithCode(
            authCodeRequest: AuthCodeRequest(clientId: clientId, code: code, redirectUri: redirectUri, pkce: pkce))
        let exchange = try body(try only("POST", "/oauth/token", since: mark, json: true))
        XCTAssertEqual(Set(exchange.keys), ["client_id", "code", "grant_type", "redirect_uri", "code_verifier"])
        XCTAssertEqual(exchange["grant_type"] as? String, "authorization_code")
        XCTAssertEqual(exchange["redirect_uri"] as? String, redirectUri.absoluteString)
        let refreshToken = try XCTUnwrap(tokens.refreshToken)

        mark = recorder.requests.count
        let refreshed = try await api.refreshAccessToken(
            RefreshRequest(clientId: clientId, refreshToken: refreshToken, redirectUri: redirectUri))
        let refresh = try body(try only("POST", "/oauth/token", since: mark, json: true))
        XCTAssertEqual(Set(refresh.keys), ["client_id", "refresh_token", "grant_type", "redirect_uri"])
        XCTAssertEqual(refresh["grant_type"] as? String, "refresh_token")
        XCTAssertNotEqual(refreshed.accessToken, tokens.accessToken)

        // RevokeTokenRequest has no public initializer in the SDK either; it is Decodable.
        let revokeJSON = #"{"token":"\#(refreshed.accessToken)","tokenTypeHint":"access_token","clientId":"\#(clientId)"}"#
        let revokeRequest = try JSONDecoder().decode(RevokeTokenRequest.self, from: Data(revokeJSON.utf8))
        mark = recorder.requests.count
        try await api.revokeToken(revokeTokenRequest: revokeRequest)
        let revoke = try body(try only("POST", "/oauth/revoke", since: mark, json: true))
        XCTAssertEqual(Set(revoke.keys), ["token", "token_type_hint", "client_id"])
        let bearer = AuthToken(
            idToken: nil, accessToken: refreshed.accessToken, refreshToken: nil, tokenType: "Bearer", expiresIn: nil, user: nil)
        do {
            _ = try await api.getProfile(authToken: bearer)
            XCTFail("a revoked access token still reads the profile")
        } catch ReachFiveError.AuthFailure {}

        mark = recorder.requests.count
        try await api.logout()
        let logout = try only("GET", "/identity/v1/logout", since: mark, json: false)
        XCTAssertEqual(Set(query(logout).keys), ["platform", "sdk"])
        XCTAssertNil(logout.headers["Authorization"])
    }

    /// The 8.2 Future forms: loginCallback(loginCallback:) is authorize with the LoginCallback's members; tracked by settled().
    func testFutureForms() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        let request = LoginRequest(
            email: "john.doe@gmail.com", phoneNumber: nil, customIdentifier: nil, password: Self.password, grantType: "password",
            clientId: clientId, scope: "openid")
        var code: String?
        let mark = recorder.requests.count
        let api = self.api
        let config = AppDelegate.reachfive().sdkConfig
        let pkce = Pkce.generate()
        let login: Future<TknMfa, ReachFiveError> = api.loginWithPassword(loginRequest: request)
        login.onSuccess { tkn in
            let callback: Future<String, ReachFiveError> = api.loginCallback(
                loginCallback: LoginCallback(sdkConfig: config, scope: "openid", pkce: pkce, tkn: tkn.tkn))
            callback.onSuccess { code = $0 }
        }
        await settle()
        XCTAssertNotNil(code)
        let authorize = try only("GET", "/oauth/authorize", since: mark, json: false)
        XCTAssertEqual(
            Set(query(authorize).keys),
            ["client_id", "response_type", "redirect_uri", "scope", "code_challenge", "code_challenge_method", "tkn", "platform", "sdk"])
        XCTAssertEqual(query(authorize)["redirect_uri"], config.scheme)
    }

    // MARK: - Profile, session devices, verification

    /// getProfile: GET /identity/v1/userinfo?fields=…&flatcf=true with the Authorization header, the
    /// request ReachFive.getProfile sends; updateProfile(profileUpdate:) and listSessionDevices.
    func testProfile() async throws {
        let token = try await signedIn()
        var mark = recorder.requests.count
        let profile = try await api.getProfile(authToken: token)
        let raw = try only("GET", "/identity/v1/userinfo", since: mark, json: false)
        XCTAssertEqual(raw.headers["Authorization"], "Bearer \(token.accessToken)")
        XCTAssertEqual(query(raw)["flatcf"], "true")
        XCTAssertEqual(query(raw)["fields"]?.split(separator: ",").count, 47, "ReachFiveApi.profileFields")
        XCTAssertEqual(profile.email, "john.doe@gmail.com")
        mark = recorder.requests.count
        _ = try await AppDelegate.reachfive().getProfile(authToken: token)
        let facade = try only("GET", "/identity/v1/userinfo", since: mark, json: false)
        XCTAssertEqual(facade.url, raw.url)
        XCTAssertEqual(facade.headers["Authorization"], raw.headers["Authorization"])

        mark = recorder.requests.count
        let updated = try await api.updateProfile(
            authToken: token, profileUpdate: ProfileUpdate(givenName: .Update("Ann"), nickname: .Delete))
        let update = try body(try only("POST", "/identity/v1/update-profile", since: mark, json: true))
        XCTAssertEqual(update["given_name"] as? String, "Ann")
        XCTAssertTrue(update["nickname"] is NSNull, "a Delete is an explicit null")
        XCTAssertEqual(Set(update.keys), ["given_name", "nickname"])
        XCTAssertEqual(updated.givenName, "Ann")

        // The in-process server has no session-devices route yet (404): only the request is checked.
        mark = recorder.requests.count
        do { _ = try await api.listSessionDevices(authToken: token) } catch ReachFiveError.TechnicalError {}
        let list = try only("GET", "/identity/v1/session-devices", since: mark, json: false)
        XCTAssertEqual(list.headers["Authorization"], "Bearer \(token.accessToken)")
    }

    /// requestPasswordReset (RequestPasswordResetRequest): POST /identity/v1/forgot-password, nils
    /// absent; the server's outbox receives the reset mail.
    func testPasswordReset() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        let mark = recorder.requests.count
        try await api.requestPasswordReset(
            requestPasswordResetRequest: RequestPasswordResetRequest(
                clientId: clientId, email: "john.doe@gmail.com", phoneNumber: nil, redirectUrl: nil))
        let reset = try body(try only("POST", "/identity/v1/forgot-password", since: mark, json: true))
        XCTAssertEqual(Set(reset.keys), ["client_id", "email"])
        _ = try await message(to: "john.doe@gmail.com")
    }

    // MARK: - Passwordless and MFA

    /// startPasswordless (StartPasswordlessRequest) then verifyPasswordless (VerifyPasswordlessRequest) → PasswordlessVerifyResponse.
    func testPasswordless() async throws {
        let pkce = Pkce.generate()
        var mark = recorder.requests.count
        try await api.startPasswordless(
            StartPasswordlessRequest(
                clientId: clientId, phoneNumber: "+33792244940", authType: .SMS, redirectUri: AppDelegate.reachfive().sdkConfig.redirectUri,
                codeChallenge: pkce.codeChallenge, codeChallengeMethod: pkce.codeChallengeMethod))
        let start = try body(try only("POST", "/identity/v1/passwordless/start", since: mark, json: true))
        XCTAssertEqual(
            Set(start.keys),
            ["client_id", "phone_number", "response_type", "auth_type", "redirect_uri", "state", "code_challenge", "code_challenge_method"])
        XCTAssertEqual(start["auth_type"] as? String, "sms")
        let code = try await code(to: "+33792244940")
        mark = recorder.requests.count
        let verified = try await api.verifyPasswordless(
            verifyPasswordlessRequest: VerifyPasswordlessRequest(
                phoneNumber: "+33792244940", verificationCode: code, state: "passwordless", clientId: clientId, responseType: "code"))
        let verify = try body(try only("POST", "/identity/v1/passwordless/verify", since: mark, json: true))
        XCTAssertEqual(Set(verify.keys), ["phone_number", "verification_code", "state", "client_id", "response_type"])
        // PasswordlessVerifyResponse's members are internal, as in the SDK: read the decoded code by reflection.
        let decoded = Mirror(reflecting: verified).children.first { $0.label == "code" }?.value as? String
        XCTAssertFalse(try XCTUnwrap(decoded).isEmpty)
    }

    /// mfaListCredentials, listMfaTrustedDevices (GET, Authorization), startMfaEmailRegistration
    /// (MfaStartEmailRegistrationRequest), deleteMfaPhoneNumberCredential (a DELETE whose JSON body is {"phone_number"}) and
    /// verifyMfaEmailRegistrationGet.
    func testMfa() async throws {
        let token = try await signedIn()
        var mark = recorder.requests.count
        let credentials = try await api.mfaListCredentials(authToken: token)
        XCTAssertNotNil(try only("GET", "/identity/v1/mfa/credentials", since: mark, json: false).headers["Authorization"])
        XCTAssertTrue(credentials.credentials.isEmpty)
        mark = recorder.requests.count
        let trusted = try await api.listMfaTrustedDevices(authToken: token)
        _ = try only("GET", "/identity/v1/mfa/trusteddevices", since: mark, json: false)
        XCTAssertTrue(trusted.trustedDevices.isEmpty)

        mark = recorder.requests.count
        let started = try await api.startMfaEmailRegistration(MfaStartEmailRegistrationRequest(), authToken: token)
        let start = try body(try only("POST", "/identity/v1/mfa/credentials/emails", since: mark, json: true))
        XCTAssertEqual(Set(start.keys), ["trust_device"], "redirect_url and action nil: absent")
        _ = started.status

        mark = recorder.requests.count
        // No such factor: the server refuses; the request is what is checked.
        _ = try? await api.deleteMfaPhoneNumberCredential(phoneNumber: "+33792244940", authToken: token)
        let delete = try only("DELETE", "/identity/v1/mfa/credentials/phone-numbers", since: mark, json: true)
        XCTAssertEqual(try body(delete) as? [String: String], ["phone_number": "+33792244940"])
        // The emailed link's {c, t} form, without Authorization (the server refuses the unknown t).
        mark = recorder.requests.count
        _ = try? await api.verifyMfaEmailRegistrationGet(MfaVerifyEmailRegistrationGetRequest(c: "123456", t: "unknown"))
        let link = try only("POST", "/identity/v1/mfa/credentials/emails/verify", since: mark, json: true)
        XCTAssertNil(link.headers["Authorization"])
        XCTAssertEqual(try body(link) as? [String: String], ["c": "123456", "t": "unknown"])
    }

    // MARK: - WebAuthn

    /// createWebAuthnAuthenticationOptions (WebAuthnLoginRequest) → AuthenticationOptions;
    /// getWebAuthnRegistrations → [DeviceCredential]; createWebAuthnRegistrationOptions → RegistrationOptions.
    func testWebAuthn() async throws {
        let token = try await signedIn()
        let origin = AppDelegate.reachfive().sdkConfig.originWebAuthn
        var mark = recorder.requests.count
        let options = try await api.createWebAuthnAuthenticationOptions(
            webAuthnLoginRequest: WebAuthnLoginRequest(clientId: clientId, origin: origin, scope: ["openid"]))
        let login = try body(try only("POST", "/identity/v1/webauthn/authentication-options", since: mark, json: true))
        XCTAssertEqual(Set(login.keys), ["client_id", "origin", "scope"])
        XCTAssertFalse(options.publicKey.challenge.isEmpty)

        mark = recorder.requests.count
        let registrations = try await api.getWebAuthnRegistrations(authToken: token)
        _ = try only("GET", "/identity/v1/webauthn/registration", since: mark, json: false)
        XCTAssertTrue(registrations.isEmpty)

        mark = recorder.requests.count
        let creation = try await api.createWebAuthnRegistrationOptions(
            authToken: token, registrationRequest: RegistrationRequest(origin: origin, friendlyName: "phone"))
        let registration = try body(try only("POST", "/identity/v1/webauthn/registration-options", since: mark, json: true))
        XCTAssertEqual(Set(registration.keys), ["origin", "friendly_name"])
        XCTAssertFalse(creation.options.publicKey.challenge.isEmpty)
    }
}
