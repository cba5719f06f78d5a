import Foundation

// 8.2.0's Future forms (the SDK's ReachFiveApi+WebAuthn.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFiveApi {
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
