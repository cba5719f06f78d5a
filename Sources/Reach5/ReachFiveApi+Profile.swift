import Foundation

/// The SDK's ReachFiveApi, the signed-in account: profile, session devices, verification of the
/// email and phone number, password update and reset, account recovery.
extension ReachFiveApi {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func getProfile(authToken: AuthToken) async throws -> Profile {
        try await transport.decode(
            Profile.self, "GET", "/identity/v1/userinfo", query: [("fields", ReachFive.profileFields), ("flatcf", "true")], auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateProfile(authToken: AuthToken, profile: Profile) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profile, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profileUpdate, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateEmail(authToken: AuthToken, updateEmailRequest: UpdateEmailRequest) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-email", body: updateEmailRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updatePhoneNumber(authToken: AuthToken, updatePhoneNumberRequest: UpdatePhoneNumberRequest) async throws -> Profile {
        try await transport.decode(
            Profile.self, "POST", "/identity/v1/update-phone-number", body: updatePhoneNumberRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func listSessionDevices(authToken: AuthToken) async throws -> ListSessionDevices {
        try await transport.decode(ListSessionDevices.self, "GET", "/identity/v1/session-devices", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteSessionDevice(id: String, authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/session-devices/\(id)", auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func sendEmailVerification(authToken: AuthToken, sendEmailVerificationRequest: SendEmailVerificationRequest) async throws
        -> SendEmailVerificationResponse
    {
        try await transport.decode(
            SendEmailVerificationResponse.self, "POST", "/identity/v1/send-email-verification", body: sendEmailVerificationRequest,
            auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyEmail(authToken: AuthToken, verifyEmailRequest: VerifyEmailRequest) async throws {
        try await send("POST", "/identity/v1/verify-email", body: verifyEmailRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyPhoneNumber(authToken: AuthToken, verifyPhoneNumberRequest: VerifyPhoneNumberRequest) async throws {
        try await send("POST", "/identity/v1/verify-phone-number", body: verifyPhoneNumberRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyAuthCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) async throws {
        try await send("POST", "/identity/v1/verify-auth-code", body: verifyAuthCodeRequest)
    }

    /// Without a token (the code forms) no `Authorization` header is sent.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updatePassword(authToken: AuthToken?, updatePasswordRequest: UpdatePasswordRequest) async throws {
        try await send("POST", "/identity/v1/update-password", body: updatePasswordRequest, auth: authToken)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func requestPasswordReset(requestPasswordResetRequest: RequestPasswordResetRequest) async throws {
        try await send("POST", "/identity/v1/forgot-password", body: requestPasswordResetRequest)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func requestAccountRecovery(_ requestAccountRecoveryRequest: RequestAccountRecoveryRequest) async throws {
        try await send("POST", "/identity/v1/account-recovery", body: requestAccountRecoveryRequest)
    }
}
