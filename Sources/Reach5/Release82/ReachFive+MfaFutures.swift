import Foundation

/// The 8.2.0 Future forms of the MFA methods (disfavoured: `try await` picks the async forms,
/// and `Reach5Future`'s bridge forms win for code that imports it), and the spellings the 8.2
/// documentation's examples use.
#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func mfaStart(registering credential: Credential, authToken: AuthToken) -> Future<MfaStartRegistrationResponse, ReachFiveError> {
        future { try await self.mfaStart(registering: credential, authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaVerify(_ credentialType: CredentialType, code: String, authToken: AuthToken) -> Future<MfaCredentialItem, ReachFiveError>
    {
        future { try await self.mfaVerify(credentialType, code: code, authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaListCredentials(authToken: AuthToken) -> Future<MfaCredentialsListResponse, ReachFiveError> {
        future { try await self.mfaListCredentials(authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaStart(stepUp request: StartStepUp) -> Future<ContinueStepUp, ReachFiveError> {
        future { try await self.mfaStart(stepUp: request) }
    }

    @_disfavoredOverload
    public func mfaVerify(stepUp request: VerifyStepUp) -> Future<AuthToken, ReachFiveError> {
        future { try await self.mfaVerify(stepUp: request) }
    }

    @_disfavoredOverload
    public func mfaDeleteCredential(_ phoneNumber: String? = nil, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.mfaDeleteCredential(phoneNumber, authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaListTrustedDevices(authToken: AuthToken) -> Future<[TrustedDevice], ReachFiveError> {
        future { try await self.mfaListTrustedDevices(authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaDelete(trustedDeviceId deviceId: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.mfaDelete(trustedDeviceId: deviceId, authToken: authToken) }
    }

    // The 8.2 documentation's spellings (its examples), which the 8.2 SDK itself did not declare.

    /// `mfaStart(.Email(redirectUri: …), authToken:)`: registration without the `registering:` label.
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func mfaStart(_ credential: Credential, authToken: AuthToken) -> Future<MfaStartRegistrationResponse, ReachFiveError> {
        future { try await self.mfaStart(registering: credential, authToken: authToken) }
    }

    /// `mfaVerify(.Email, authToken:, code:)`: `authToken:` before `code:`.
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func mfaVerify(_ credentialType: CredentialType, authToken: AuthToken, code: String) -> Future<MfaCredentialItem, ReachFiveError>
    {
        future { try await self.mfaVerify(credentialType, code: code, authToken: authToken) }
    }

    /// `mfaDeleteCredential(phoneNumber:authToken:)`: the phone number labelled.
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func mfaDeleteCredential(phoneNumber: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.mfaDeleteCredential(phoneNumber, authToken: authToken) }
    }

    /// `mfaStart(stepUp(challengeId:verificationCode:trustDevice:))`: the page's name for completing
    /// a step-up (`mfaVerify(stepUp:)`).
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func mfaStart(_ stepUp: VerifyStepUp) -> Future<AuthToken, ReachFiveError> {
        future { try await self.mfaVerify(stepUp: stepUp) }
    }
}
