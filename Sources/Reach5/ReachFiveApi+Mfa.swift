import Foundation

/// The SDK's ReachFiveApi, passwordless and MFA: the passwordless start and verify (plain and as
/// a step-up's second factor), the second factors' registration, listing and deletion, trusted
/// devices and the step-up's start.
extension ReachFiveApi {
    private struct PhoneNumberBody: Encodable { let phoneNumber: String }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startPasswordless(_ startPasswordlessRequest: StartPasswordlessRequest) async throws {
        try await send("POST", "/identity/v1/passwordless/start", body: startPasswordlessRequest)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyPasswordless(verifyPasswordlessRequest: VerifyPasswordlessRequest) async throws -> PasswordlessVerifyResponse {
        try await transport.decode(
            PasswordlessVerifyResponse.self, "POST", "/identity/v1/passwordless/verify", body: verifyPasswordlessRequest)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startMfaPhoneRegistration(_ mfaStartPhoneRegistrationRequest: MfaStartPhoneRegistrationRequest, authToken: AuthToken)
        async throws -> MfaStartCredentialRegistrationResponse
    {
        try await transport.decode(
            MfaStartCredentialRegistrationResponse.self, "POST", "/identity/v1/mfa/credentials/phone-numbers",
            body: mfaStartPhoneRegistrationRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startMfaEmailRegistration(_ mfaStartEmailRegistrationRequest: MfaStartEmailRegistrationRequest, authToken: AuthToken)
        async throws -> MfaStartCredentialRegistrationResponse
    {
        try await transport.decode(
            MfaStartCredentialRegistrationResponse.self, "POST", "/identity/v1/mfa/credentials/emails",
            body: mfaStartEmailRegistrationRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyMfaEmailRegistrationPost(
        _ mfaVerifyEmailRegistrationRequest: MfaVerifyEmailRegistrationPostRequest, authToken: AuthToken
    ) async throws -> MfaCredentialItem {
        try await transport.decode(
            MfaCredentialItem.self, "POST", "/identity/v1/mfa/credentials/emails/verify", body: mfaVerifyEmailRegistrationRequest,
            auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyMfaEmailRegistrationGet(_ request: MfaVerifyEmailRegistrationGetRequest) async throws {
        try await send("POST", "/identity/v1/mfa/credentials/emails/verify", body: request)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyMfaPhoneRegistration(_ mfaVerifyPhoneRegistrationRequest: MfaVerifyPhoneRegistrationRequest, authToken: AuthToken)
        async throws -> MfaCredentialItem
    {
        try await transport.decode(
            MfaCredentialItem.self, "POST", "/identity/v1/mfa/credentials/phone-numbers/verify", body: mfaVerifyPhoneRegistrationRequest,
            auth: authToken)
    }

    /// A DELETE with a JSON body `{"phone_number": …}`, as the SDK sends it.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteMfaPhoneNumberCredential(phoneNumber: String, authToken: AuthToken) async throws {
        try await send(
            "DELETE", "/identity/v1/mfa/credentials/phone-numbers", body: PhoneNumberBody(phoneNumber: phoneNumber), auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteMfaEmailCredential(authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/mfa/credentials/emails", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func listMfaTrustedDevices(authToken: AuthToken) async throws -> MfaListTrustedDevices {
        try await transport.decode(MfaListTrustedDevices.self, "GET", "/identity/v1/mfa/trusteddevices", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteMfaTrustedDevice(deviceId: String, authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/mfa/trusteddevices/\(deviceId)", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func mfaListCredentials(authToken: AuthToken) async throws -> MfaCredentialsListResponse {
        try await transport.decode(MfaCredentialsListResponse.self, "GET", "/identity/v1/mfa/credentials", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startMfaStepUp(_ request: StartMfaStepUpRequest, authToken: AuthToken? = nil) async throws -> StartMfaStepUpResponse {
        try await transport.decode(StartMfaStepUpResponse.self, "POST", "/identity/v1/mfa/stepup", body: request, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startPasswordless(mfa request: StartMfaPasswordlessRequest) async throws -> StartMfaPasswordlessResponse {
        try await transport.decode(StartMfaPasswordlessResponse.self, "POST", "/identity/v1/passwordless/start", body: request)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyPasswordless(mfa request: VerifyMfaPasswordlessRequest) async throws -> PasswordlessVerifyResponse {
        try await transport.decode(PasswordlessVerifyResponse.self, "POST", "/identity/v1/passwordless/verify", body: request)
    }
}
