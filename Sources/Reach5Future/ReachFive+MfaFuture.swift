@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFiveMfa.swift: Future forms of the async MFA methods, for
// code that imports `Reach5Future` (these win over `Reach5`'s disfavoured 8.2 forms).

extension ContinueStepUp {
    public func verify(code: String, trustDevice: Bool? = nil) -> Future<AuthToken, ReachFiveError> {
        reachfive.future { try await self.verify(code: code, trustDevice: trustDevice) }
    }
}

extension ContinueRegistration {
    public func verify(code: String, freshAuthToken: AuthToken? = nil) -> Future<MfaCredentialItem, ReachFiveError> {
        owner.future { try await self.verify(code: code, freshAuthToken: freshAuthToken) }
    }
}

extension ReachFive {
    public func mfaStart(registering credential: Credential, authToken: AuthToken, action: String? = nil, trustDevice: Bool = false)
        -> Future<MfaStartRegistrationResponse, ReachFiveError>
    {
        future { try await self.mfaStart(registering: credential, authToken: authToken, action: action, trustDevice: trustDevice) }
    }

    public func mfaVerify(_ credentialType: CredentialType, code: String, authToken: AuthToken, trustDevice: Bool = false) -> Future<
        MfaCredentialItem, ReachFiveError
    > {
        future { try await self.mfaVerify(credentialType, code: code, authToken: authToken, trustDevice: trustDevice) }
    }

    public func mfaListCredentials(authToken: AuthToken) -> Future<MfaCredentialsListResponse, ReachFiveError> {
        future { try await self.mfaListCredentials(authToken: authToken) }
    }

    public func mfaStart(stepUp request: StartStepUp) -> Future<ContinueStepUp, ReachFiveError> {
        future { try await self.mfaStart(stepUp: request) }
    }

    public func mfaVerify(stepUp request: VerifyStepUp) -> Future<AuthToken, ReachFiveError> {
        future { try await self.mfaVerify(stepUp: request) }
    }

    public func mfaDeleteCredential(_ phoneNumber: String? = nil, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.mfaDeleteCredential(phoneNumber, authToken: authToken) }
    }

    public func mfaListTrustedDevices(authToken: AuthToken) -> Future<[TrustedDevice], ReachFiveError> {
        future { try await self.mfaListTrustedDevices(authToken: authToken) }
    }

    public func mfaDelete(trustedDeviceId deviceId: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.mfaDelete(trustedDeviceId: deviceId, authToken: authToken) }
    }
}
