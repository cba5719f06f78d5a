import Foundation

/// The SDK's ReachFiveApi, WebAuthn (passkeys): signup, login, registration of one more passkey,
/// reset after an account recovery, listing and deletion. `originR5` is sent as the `origin`
/// query parameter (absent when nil).
extension ReachFiveApi {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnSignupOptions(webAuthnSignupOptions: SignupOptions) async throws -> RegistrationOptions {
        try await transport.decode(RegistrationOptions.self, "POST", "/identity/v1/webauthn/signup-options", body: webAuthnSignupOptions)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func signupWithWebAuthn(webauthnSignupCredential: WebauthnSignupCredential, originR5: String? = nil) async throws
        -> AuthenticationToken
    {
        try await transport.decode(
            AuthenticationToken.self, "POST", "/identity/v1/webauthn/signup", query: [("origin", originR5)], body: webauthnSignupCredential)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnAuthenticationOptions(webAuthnLoginRequest: WebAuthnLoginRequest) async throws -> AuthenticationOptions {
        try await transport.decode(
            AuthenticationOptions.self, "POST", "/identity/v1/webauthn/authentication-options", body: webAuthnLoginRequest)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func authenticateWithWebAuthn(authenticationPublicKeyCredential: AuthenticationPublicKeyCredential) async throws
        -> AuthenticationToken
    {
        try await transport.decode(
            AuthenticationToken.self, "POST", "/identity/v1/webauthn/authentication", body: authenticationPublicKeyCredential)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnRegistrationOptions(authToken: AuthToken, registrationRequest: RegistrationRequest) async throws
        -> RegistrationOptions
    {
        try await transport.decode(
            RegistrationOptions.self, "POST", "/identity/v1/webauthn/registration-options", body: registrationRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func registerWithWebAuthn(authToken: AuthToken, publicKeyCredential: RegistrationPublicKeyCredential, originR5: String? = nil)
        async throws
    {
        try await send(
            "POST", "/identity/v1/webauthn/registration", query: [("origin", originR5)], body: publicKeyCredential, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnResetOptions(resetOptions: ResetOptions) async throws -> RegistrationOptions {
        try await transport.decode(RegistrationOptions.self, "POST", "/identity/v1/webauthn/reset-options", body: resetOptions)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func resetWebAuthn(resetPublicKeyCredential: ResetPublicKeyCredential, originR5: String? = nil) async throws {
        try await send("POST", "/identity/v1/webauthn/reset", query: [("origin", originR5)], body: resetPublicKeyCredential)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func getWebAuthnRegistrations(authToken: AuthToken) async throws -> [DeviceCredential] {
        try await transport.decode([DeviceCredential].self, "GET", "/identity/v1/webauthn/registration", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/webauthn/registration/\(id)", auth: authToken)
    }
}
