import Foundation

/// 8.2's Future forms of the passwordless and MFA calls (ReachFiveApi+Mfa.swift).
#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFiveApi {
    @_disfavoredOverload
    public func startPasswordless(_ startPasswordlessRequest: StartPasswordlessRequest) -> Future<Void, ReachFiveError> {
        future { try await self.startPasswordless(startPasswordlessRequest) }
    }

    @_disfavoredOverload
    public func verifyPasswordless(verifyPasswordlessRequest: VerifyPasswordlessRequest) -> Future<
        PasswordlessVerifyResponse, ReachFiveError
    > {
        future { try await self.verifyPasswordless(verifyPasswordlessRequest: verifyPasswordlessRequest) }
    }

    @_disfavoredOverload
    public func startMfaPhoneRegistration(_ mfaStartPhoneRegistrationRequest: MfaStartPhoneRegistrationRequest, authToken: AuthToken)
        -> Future<MfaStartCredentialRegistrationResponse, ReachFiveError>
    {
        future { try await self.startMfaPhoneRegistration(mfaStartPhoneRegistrationRequest, authToken: authToken) }
    }

    @_disfavoredOverload
    public func startMfaEmailRegistration(_ mfaStartEmailRegistrationRequest: MfaStartEmailRegistrationRequest, authToken: AuthToken)
        -> Future<MfaStartCredentialRegistrationResponse, ReachFiveError>
    {
        future { try await self.startMfaEmailRegistration(mfaStartEmailRegistrationRequest, authToken: authToken) }
    }

    @_disfavoredOverload
    public func verifyMfaEmailRegistrationPost(
        _ mfaVerifyEmailRegistrationRequest: MfaVerifyEmailRegistrationPostRequest, authToken: AuthToken
    ) -> Future<MfaCredentialItem, ReachFiveError> {
        future { try await self.verifyMfaEmailRegistrationPost(mfaVerifyEmailRegistrationRequest, authToken: authToken) }
    }

    @_disfavoredOverload
    public func verifyMfaEmailRegistrationGet(_ request: MfaVerifyEmailRegistrationGetRequest) -> Future<Void, ReachFiveError> {
        future { try await self.verifyMfaEmailRegistrationGet(request) }
    }

    @_disfavoredOverload
    public func verifyMfaPhoneRegistration(_ mfaVerifyPhoneRegistrationRequest: MfaVerifyPhoneRegistrationRequest, authToken: AuthToken)
        -> Future<MfaCredentialItem, ReachFiveError>
    {
        future { try await self.verifyMfaPhoneRegistration(mfaVerifyPhoneRegistrationRequest, authToken: authToken) }
    }

    @_disfavoredOverload
    public func deleteMfaPhoneNumberCredential(phoneNumber: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteMfaPhoneNumberCredential(phoneNumber: phoneNumber, authToken: authToken) }
    }

    @_disfavoredOverload
    public func deleteMfaEmailCredential(authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteMfaEmailCredential(authToken: authToken) }
    }

    @_disfavoredOverload
    public func listMfaTrustedDevices(authToken: AuthToken) -> Future<MfaListTrustedDevices, ReachFiveError> {
        future { try await self.listMfaTrustedDevices(authToken: authToken) }
    }

    @_disfavoredOverload
    public func deleteMfaTrustedDevice(deviceId: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteMfaTrustedDevice(deviceId: deviceId, authToken: authToken) }
    }

    @_disfavoredOverload
    public func mfaListCredentials(authToken: AuthToken) -> Future<MfaCredentialsListResponse, ReachFiveError> {
        future { try await self.mfaListCredentials(authToken: authToken) }
    }

    @_disfavoredOverload
    public func startMfaStepUp(_ request: StartMfaStepUpRequest, authToken: AuthToken? = nil) -> Future<
        StartMfaStepUpResponse, ReachFiveError
    > {
        future { try await self.startMfaStepUp(request, authToken: authToken) }
    }

    @_disfavoredOverload
    public func startPasswordless(mfa request: StartMfaPasswordlessRequest) -> Future<StartMfaPasswordlessResponse, ReachFiveError> {
        future { try await self.startPasswordless(mfa: request) }
    }

    @_disfavoredOverload
    public func verifyPasswordless(mfa request: VerifyMfaPasswordlessRequest) -> Future<PasswordlessVerifyResponse, ReachFiveError> {
        future { try await self.verifyPasswordless(mfa: request) }
    }
}
