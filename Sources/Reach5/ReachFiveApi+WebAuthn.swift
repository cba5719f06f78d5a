import Foundation

/// The SDK's ReachFiveApi, WebAuthn (passkeys): signup, login, registration of one more passkey,
/// reset after an account recovery, listing and deletion. `originR5` is sent as the `origin`
/// query parameter (absent when nil).
extension ReachFiveApi {
    public func createWebAuthnSignupOptions(webAuthnSignupOptions: SignupOptions) async throws -> RegistrationOptions {
        try await transport.decode(RegistrationOptions.self, "POST", "/identity/v1/webauthn/signup-options", body: webAuthnSignupOptions)
    }

    public func signupWithWebAuthn(webauthnSignupCredential: WebauthnSignupCredential, originR5: String? = nil) async throws
        -> AuthenticationToken
    {
        try await transport.decode(
            AuthenticationToken.self, "POST", "/identity/v1/webauthn/signup", query: [("origin", originR5)], body: webauthnSignupCredential)
    }

    public func createWebAuthnAuthenticationOptions(webAuthnLoginRequest: WebAuthnLoginRequest) async throws -> AuthenticationOptions {
        try await transport.decode(
            AuthenticationOptions.self, "POST", "/identity/v1/webauthn/authentication-options", body: webAuthnLoginRequest)
    }

    public func authenticateWithWebAuthn(authenticationPublicKeyCredential: AuthenticationPublicKeyCredential) async throws
        -> AuthenticationToken
    {
        try await transport.decode(
            AuthenticationToken.self, "POST", "/identity/v1/webauthn/authentication", body: authenticationPublicKeyCredential)
    }

    public func createWebAuthnRegistrationOptions(authToken: AuthToken, registrationRequest: RegistrationRequest) async throws
        -> RegistrationOptions
    {
        try await transport.decode(
            RegistrationOptions.self, "POST", "/identity/v1/webauthn/registration-options", body: registrationRequest, auth: authToken)
    }

    public func registerWithWebAuthn(authToken: AuthToken, publicKeyCredential: RegistrationPublicKeyCredential, originR5: String? = nil)
        async throws
    {
        try await send(
            "POST", "/identity/v1/webauthn/registration", query: [("origin", originR5)], body: publicKeyCredential, auth: authToken)
    }

    public func createWebAuthnResetOptions(resetOptions: ResetOptions) async throws -> RegistrationOptions {
        try await transport.decode(RegistrationOptions.self, "POST", "/identity/v1/webauthn/reset-options", body: resetOptions)
    }

    public func resetWebAuthn(resetPublicKeyCredential: ResetPublicKeyCredential, originR5: String? = nil) async throws {
        try await send("POST", "/identity/v1/webauthn/reset", query: [("origin", originR5)], body: resetPublicKeyCredential)
    }

    public func getWebAuthnRegistrations(authToken: AuthToken) async throws -> [DeviceCredential] {
        try await transport.decode([DeviceCredential].self, "GET", "/identity/v1/webauthn/registration", auth: authToken)
    }

    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/webauthn/registration/\(id)", auth: authToken)
    }

    // MARK: 8.2's Future forms

    @_disfavoredOverload
    public func createWebAuthnSignupOptions(webAuthnSignupOptions: SignupOptions) -> Future<RegistrationOptions, ReachFiveError> {
        future { try await self.createWebAuthnSignupOptions(webAuthnSignupOptions: webAuthnSignupOptions) }
    }

    @_disfavoredOverload
    public func signupWithWebAuthn(webauthnSignupCredential: WebauthnSignupCredential, originR5: String? = nil) -> Future<
        AuthenticationToken, ReachFiveError
    > {
        future { try await self.signupWithWebAuthn(webauthnSignupCredential: webauthnSignupCredential, originR5: originR5) }
    }

    @_disfavoredOverload
    public func createWebAuthnAuthenticationOptions(webAuthnLoginRequest: WebAuthnLoginRequest) -> Future<
        AuthenticationOptions, ReachFiveError
    > {
        future { try await self.createWebAuthnAuthenticationOptions(webAuthnLoginRequest: webAuthnLoginRequest) }
    }

    @_disfavoredOverload
    public func authenticateWithWebAuthn(authenticationPublicKeyCredential: AuthenticationPublicKeyCredential) -> Future<
        AuthenticationToken, ReachFiveError
    > {
        future { try await self.authenticateWithWebAuthn(authenticationPublicKeyCredential: authenticationPublicKeyCredential) }
    }

    @_disfavoredOverload
    public func createWebAuthnRegistrationOptions(authToken: AuthToken, registrationRequest: RegistrationRequest) -> Future<
        RegistrationOptions, ReachFiveError
    > {
        future { try await self.createWebAuthnRegistrationOptions(authToken: authToken, registrationRequest: registrationRequest) }
    }

    @_disfavoredOverload
    public func registerWithWebAuthn(authToken: AuthToken, publicKeyCredential: RegistrationPublicKeyCredential, originR5: String? = nil)
        -> Future<Void, ReachFiveError>
    {
        future { try await self.registerWithWebAuthn(authToken: authToken, publicKeyCredential: publicKeyCredential, originR5: originR5) }
    }

    @_disfavoredOverload
    public func createWebAuthnResetOptions(resetOptions: ResetOptions) -> Future<RegistrationOptions, ReachFiveError> {
        future { try await self.createWebAuthnResetOptions(resetOptions: resetOptions) }
    }

    @_disfavoredOverload
    public func resetWebAuthn(resetPublicKeyCredential: ResetPublicKeyCredential, originR5: String? = nil) -> Future<Void, ReachFiveError> {
        future { try await self.resetWebAuthn(resetPublicKeyCredential: resetPublicKeyCredential, originR5: originR5) }
    }

    @_disfavoredOverload
    public func getWebAuthnRegistrations(authToken: AuthToken) -> Future<[DeviceCredential], ReachFiveError> {
        future { try await self.getWebAuthnRegistrations(authToken: authToken) }
    }

    @_disfavoredOverload
    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteWebAuthnRegistration(id: id, authToken: authToken) }
    }
}
