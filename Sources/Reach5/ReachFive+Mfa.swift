import Foundation

/// Multi-factor authentication (11.0.0's `ReachFiveMfa.swift`): registering an email or a phone
/// number as a second factor, listing and deleting factors, the step-up (a code sent to a factor,
/// exchanged for tokens), and trusted devices. Each request is the one `ReachFiveApi` sends, as
/// in the SDK, whose facade delegates to it.
extension ReachFive {

    public func addMfaCredentialRegistrationCallback(mfaCredentialRegistrationCallback: @escaping MfaCredentialRegistrationCallback) {
        self.mfaCredentialRegistrationCallback = mfaCredentialRegistrationCallback
    }

    /// Registers a second factor: the server sends a code (or, for an email, a link) to it, unless
    /// it needs no proof, when the factor is enabled at once.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaStart(registering credential: Credential, authToken: AuthToken, action: String? = nil, trustDevice: Bool = false)
        async throws -> MfaStartRegistrationResponse
    {
        let registration: MfaStartCredentialRegistrationResponse
        switch credential {
        case .Email(let redirectUrl):
            let body = MfaStartEmailRegistrationRequest(
                redirectUrl: redirectUrl ?? sdkConfig.mfaUri, action: action, trustDevice: trustDevice)
            registration = try await reachFiveApi.startMfaEmailRegistration(body, authToken: authToken)
        case .PhoneNumber(let phoneNumber):
            let body = MfaStartPhoneRegistrationRequest(phoneNumber: phoneNumber, action: action, trustDevice: trustDevice)
            registration = try await reachFiveApi.startMfaPhoneRegistration(body, authToken: authToken)
        }
        if let item = registration.credential, registration.status == Status.enabled.rawValue { return .Success(item) }
        return .VerificationNeeded(
            ContinueRegistration(credentialType: credential.credentialType, reachfive: self, authToken: authToken, trustDevice: trustDevice)
        )
    }

    /// Completes a registration with the code the factor received.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaVerify(_ credentialType: CredentialType, code: String, authToken: AuthToken, trustDevice: Bool = false) async throws
        -> MfaCredentialItem
    {
        switch credentialType {
        case .Email:
            try await reachFiveApi.verifyMfaEmailRegistrationPost(
                MfaVerifyEmailRegistrationPostRequest(code, trustDevice: trustDevice), authToken: authToken)
        case .PhoneNumber:
            try await reachFiveApi.verifyMfaPhoneRegistration(
                MfaVerifyPhoneRegistrationRequest(code, trustDevice: trustDevice), authToken: authToken)
        }
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaListCredentials(authToken: AuthToken) async throws -> MfaCredentialsListResponse {
        try await reachFiveApi.mfaListCredentials(authToken: authToken)
    }

    /// Starts a step-up: sends a code to the `authType` factor. The login flow continues a login
    /// that answered `.OngoingStepUp` (its PKCE is the one that login kept); the auth-token flow
    /// first asks for a step-up token with a fresh PKCE.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaStart(stepUp request: StartStepUp) async throws -> ContinueStepUp {
        let stepUpToken: String
        let redirect: URL?
        let origin: String?
        switch request {
        case .LoginFlow(_, let token, let redirectUri, let requestOrigin):
            (stepUpToken, redirect, origin) = (token, redirectUri, requestOrigin)
        case .AuthTokenFlow(_, let authToken, let redirectUri, let overwrittenScope, let requestOrigin, let action):
            let pkce = PKCE()
            flowState.pendingPKCE = pkce
            let body = StartMfaStepUpRequest(
                clientId: sdkConfig.clientId, redirectUri: redirectUri ?? sdkConfig.redirectUri, codeChallenge: pkce.challenge,
                scope: scopes(overwrittenScope), tkn: nil, action: action)
            let started = try await reachFiveApi.startMfaStepUp(body, authToken: authToken)
            (stepUpToken, redirect, origin) = (started.token, redirectUri, requestOrigin)
        }
        let body = StartMfaPasswordlessRequest(
            redirectUri: redirect ?? sdkConfig.redirectUri, clientId: sdkConfig.clientId, stepUp: stepUpToken, authType: request.authType,
            origin: origin)
        let response = try await reachFiveApi.startPasswordless(mfa: body)
        return ContinueStepUp(challengeId: response.challengeId, reachFive: self)
    }

    /// Completes a step-up with the code: the authorization code the server answers is exchanged
    /// for tokens with the step-up's PKCE.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaVerify(stepUp request: VerifyStepUp) async throws -> AuthToken {
        guard let pkce = flowState.pendingPKCE else { throw ReachFiveError.TechnicalError(reason: "Pkce not found") }
        let body = VerifyMfaPasswordlessRequest(
            challengeId: request.challengeId, verificationCode: request.verificationCode, trustDevice: request.trustDevice)
        let response = try await reachFiveApi.verifyPasswordless(mfa: body)
        guard let code = response.code else { throw ReachFiveError.TechnicalError(reason: "No authorization code") }
        return try await authWithCode(code: code, pkce: pkce)
    }

    /// Deletes the phone-number factor `phoneNumber`, or without it the email factor.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaDeleteCredential(_ phoneNumber: String? = nil, authToken: AuthToken) async throws {
        if let phoneNumber {
            try await reachFiveApi.deleteMfaPhoneNumberCredential(phoneNumber: phoneNumber, authToken: authToken)
        } else {
            try await reachFiveApi.deleteMfaEmailCredential(authToken: authToken)
        }
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaListTrustedDevices(authToken: AuthToken) async throws -> [TrustedDevice] {
        try await reachFiveApi.listMfaTrustedDevices(authToken: authToken).trustedDevices
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaDelete(trustedDeviceId deviceId: String, authToken: AuthToken) async throws {
        try await reachFiveApi.deleteMfaTrustedDevice(deviceId: deviceId, authToken: authToken)
    }

    /// The emailed registration link came back (``interceptUrl(_:)`` routes the `mfaUri` here): an
    /// `error` parameter fails the callback, anything else completes it.
    func interceptVerifyMfaCredential(_ url: URL) {
        let params = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems
        let callback = mfaCredentialRegistrationCallback
        if let error = params?.first(where: { $0.name == "error" })?.value {
            callback?(.failure(.TechnicalError(reason: error, apiError: ApiError(fromQueryParams: params))))
            return
        }
        callback?(.success(()))
    }
}
