import Encoding
import Foundation

/// The SDK's ReachFiveApi, WebAuthn (passkeys): signup, login, registration of one more passkey,
/// reset after an account recovery, listing and deletion. `originR5` is sent as the `origin`
/// query parameter (absent when nil).
extension ReachFiveApi {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnSignupOptions(webAuthnSignupOptions: SignupOptions) async throws -> RegistrationOptions {
        try Self.decode(RegistrationOptions.self, try await signupOptionsJSON(webAuthnSignupOptions))
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
        try Self.decode(AuthenticationOptions.self, try await authenticationOptionsJSON(webAuthnLoginRequest))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func authenticateWithWebAuthn(authenticationPublicKeyCredential: AuthenticationPublicKeyCredential) async throws
        -> AuthenticationToken
    {
        try await authenticate(authenticationPublicKeyCredential, as: AuthenticationToken.self)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func createWebAuthnRegistrationOptions(authToken: AuthToken, registrationRequest: RegistrationRequest) async throws
        -> RegistrationOptions
    {
        try Self.decode(RegistrationOptions.self, try await registrationOptionsJSON(registrationRequest, authToken: authToken))
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
        try Self.decode(RegistrationOptions.self, try await resetOptionsJSON(resetOptions))
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

    // The options as the server wrote them: the facade reads them strictly into the
    // authenticator's types, the public methods above into the SDK's models.

    func signupOptionsJSON(_ options: SignupOptions) async throws -> JSONValue {
        try await transport.json("POST", "/identity/v1/webauthn/signup-options", body: options)
    }

    func authenticationOptionsJSON(_ request: WebAuthnLoginRequest) async throws -> JSONValue {
        try await transport.json("POST", "/identity/v1/webauthn/authentication-options", body: request)
    }

    func registrationOptionsJSON(_ request: RegistrationRequest, authToken: AuthToken) async throws -> JSONValue {
        try await transport.json("POST", "/identity/v1/webauthn/registration-options", body: request, auth: authToken)
    }

    func resetOptionsJSON(_ options: ResetOptions) async throws -> JSONValue {
        try await transport.json("POST", "/identity/v1/webauthn/reset-options", body: options)
    }

    /// `/webauthn/authentication`, its answer read as `T` (the facade also reads `mfa_required`).
    func authenticate<T: Decodable>(_ credential: AuthenticationPublicKeyCredential, as type: T.Type) async throws -> T {
        try await transport.decode(T.self, "POST", "/identity/v1/webauthn/authentication", body: credential)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: JSONValue) throws -> T {
        do { return try ResponseDecoder.decode(T.self, from: json) } catch {
            throw ReachFiveError.TechnicalError(reason: "\(error)")
        }
    }
}
