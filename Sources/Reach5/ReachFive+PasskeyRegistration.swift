import Foundation

/// The flows that create a passkey on the sheet: signup, one more passkey for a signed-in
/// account, and the reset an account-recovery code allows.
extension ReachFive {
    /// Signs up with a passkey and logs in.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func signup(withRequest request: PasskeySignupRequest) async throws -> AuthToken {
        let scopes = request.scopes ?? scope
        let origin = try originWebAuthn(overriddenBy: request.originWebAuthn)
        let signupOptions = SignupOptions(
            origin: origin, friendlyName: request.friendlyName, profile: request.passkeyProfile, clientId: sdkConfig.clientId,
            scope: scopes)
        let registration = try registrationOptions(try await reachFiveApi.signupOptionsJSON(signupOptions))
        let credential = try await register(registration.options, origin: origin, presentation: request.anchor)
        let token = try await reachFiveApi.signupWithWebAuthn(
            webauthnSignupCredential: WebauthnSignupCredential(webauthnId: registration.webauthnId, publicKeyCredential: credential),
            originR5: request.origin)
        return try await loginCallback(tkn: token.tkn, scopes: scopes, origin: request.origin)
    }

    /// Registers one more passkey for the signed-in account.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) async throws {
        let origin = try originWebAuthn(overriddenBy: request.originWebAuthn)
        let registration = try registrationOptions(
            try await reachFiveApi.registrationOptionsJSON(
                RegistrationRequest(origin: origin, friendlyName: request.friendlyName), authToken: authToken))
        let credential = try await register(registration.options, origin: origin, presentation: request.anchor)
        try await reachFiveApi.registerWithWebAuthn(authToken: authToken, publicKeyCredential: credential, originR5: request.origin)
    }

    /// Replaces the account's passkeys by a new one, with the code an account-recovery message
    /// carried.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func resetPasskeys(withRequest request: ResetPasskeyRequest) async throws {
        let origin = try originWebAuthn(overriddenBy: request.originWebAuthn)
        let resetOptions = ResetOptions(
            email: request.email, phoneNumber: request.phoneNumber, verificationCode: request.verificationCode,
            friendlyName: request.friendlyName, origin: origin, clientId: sdkConfig.clientId)
        let registration = try registrationOptions(try await reachFiveApi.resetOptionsJSON(resetOptions))
        let credential = try await register(registration.options, origin: origin, presentation: request.anchor)
        try await reachFiveApi.resetWebAuthn(
            resetPublicKeyCredential: ResetPublicKeyCredential(resetOptions: resetOptions, publicKeyCredential: credential),
            originR5: request.origin)
    }

}
