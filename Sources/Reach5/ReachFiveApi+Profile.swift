import Foundation

/// The SDK's ReachFiveApi, the signed-in account: profile, session devices, verification of the
/// email and phone number, password update and reset, account recovery.
extension ReachFiveApi {
    public func getProfile(authToken: AuthToken) async throws -> Profile {
        try await transport.decode(
            Profile.self, "GET", "/identity/v1/userinfo", query: [("fields", ReachFive.profileFields), ("flatcf", "true")], auth: authToken)
    }

    public func updateProfile(authToken: AuthToken, profile: Profile) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profile, auth: authToken)
    }

    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profileUpdate, auth: authToken)
    }

    public func updateEmail(authToken: AuthToken, updateEmailRequest: UpdateEmailRequest) async throws -> Profile {
        try await transport.decode(Profile.self, "POST", "/identity/v1/update-email", body: updateEmailRequest, auth: authToken)
    }

    public func updatePhoneNumber(authToken: AuthToken, updatePhoneNumberRequest: UpdatePhoneNumberRequest) async throws -> Profile {
        try await transport.decode(
            Profile.self, "POST", "/identity/v1/update-phone-number", body: updatePhoneNumberRequest, auth: authToken)
    }

    public func listSessionDevices(authToken: AuthToken) async throws -> ListSessionDevices {
        try await transport.decode(ListSessionDevices.self, "GET", "/identity/v1/session-devices", auth: authToken)
    }

    public func deleteSessionDevice(id: String, authToken: AuthToken) async throws {
        try await send("DELETE", "/identity/v1/session-devices/\(id)", auth: authToken)
    }

    public func sendEmailVerification(authToken: AuthToken, sendEmailVerificationRequest: SendEmailVerificationRequest) async throws
        -> SendEmailVerificationResponse
    {
        try await transport.decode(
            SendEmailVerificationResponse.self, "POST", "/identity/v1/send-email-verification", body: sendEmailVerificationRequest,
            auth: authToken)
    }

    public func verifyEmail(authToken: AuthToken, verifyEmailRequest: VerifyEmailRequest) async throws {
        try await send("POST", "/identity/v1/verify-email", body: verifyEmailRequest, auth: authToken)
    }

    public func verifyPhoneNumber(authToken: AuthToken, verifyPhoneNumberRequest: VerifyPhoneNumberRequest) async throws {
        try await send("POST", "/identity/v1/verify-phone-number", body: verifyPhoneNumberRequest, auth: authToken)
    }

    public func verifyAuthCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) async throws {
        try await send("POST", "/identity/v1/verify-auth-code", body: verifyAuthCodeRequest)
    }

    /// Without a token (the code forms) no `Authorization` header is sent.
    public func updatePassword(authToken: AuthToken?, updatePasswordRequest: UpdatePasswordRequest) async throws {
        try await send("POST", "/identity/v1/update-password", body: updatePasswordRequest, auth: authToken)
    }

    public func requestPasswordReset(requestPasswordResetRequest: RequestPasswordResetRequest) async throws {
        try await send("POST", "/identity/v1/forgot-password", body: requestPasswordResetRequest)
    }

    public func requestAccountRecovery(_ requestAccountRecoveryRequest: RequestAccountRecoveryRequest) async throws {
        try await send("POST", "/identity/v1/account-recovery", body: requestAccountRecoveryRequest)
    }

    // MARK: 8.2's Future forms

    @_disfavoredOverload
    public func getProfile(authToken: AuthToken) -> Future<Profile, ReachFiveError> {
        future { try await self.getProfile(authToken: authToken) }
    }

    @_disfavoredOverload
    public func updateProfile(authToken: AuthToken, profile: Profile) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profile: profile) }
    }

    @_disfavoredOverload
    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profileUpdate: profileUpdate) }
    }

    @_disfavoredOverload
    public func updateEmail(authToken: AuthToken, updateEmailRequest: UpdateEmailRequest) -> Future<Profile, ReachFiveError> {
        future { try await self.updateEmail(authToken: authToken, updateEmailRequest: updateEmailRequest) }
    }

    @_disfavoredOverload
    public func updatePhoneNumber(authToken: AuthToken, updatePhoneNumberRequest: UpdatePhoneNumberRequest) -> Future<
        Profile, ReachFiveError
    > {
        future { try await self.updatePhoneNumber(authToken: authToken, updatePhoneNumberRequest: updatePhoneNumberRequest) }
    }

    @_disfavoredOverload
    public func sendEmailVerification(authToken: AuthToken, sendEmailVerificationRequest: SendEmailVerificationRequest) -> Future<
        SendEmailVerificationResponse, ReachFiveError
    > {
        future { try await self.sendEmailVerification(authToken: authToken, sendEmailVerificationRequest: sendEmailVerificationRequest) }
    }

    @_disfavoredOverload
    public func verifyEmail(authToken: AuthToken, verifyEmailRequest: VerifyEmailRequest) -> Future<Void, ReachFiveError> {
        future { try await self.verifyEmail(authToken: authToken, verifyEmailRequest: verifyEmailRequest) }
    }

    @_disfavoredOverload
    public func verifyPhoneNumber(authToken: AuthToken, verifyPhoneNumberRequest: VerifyPhoneNumberRequest) -> Future<Void, ReachFiveError>
    {
        future { try await self.verifyPhoneNumber(authToken: authToken, verifyPhoneNumberRequest: verifyPhoneNumberRequest) }
    }

    @_disfavoredOverload
    public func verifyAuthCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) -> Future<Void, ReachFiveError> {
        future { try await self.verifyAuthCode(verifyAuthCodeRequest: verifyAuthCodeRequest) }
    }

    @_disfavoredOverload
    public func updatePassword(authToken: AuthToken?, updatePasswordRequest: UpdatePasswordRequest) -> Future<Void, ReachFiveError> {
        future { try await self.updatePassword(authToken: authToken, updatePasswordRequest: updatePasswordRequest) }
    }

    @_disfavoredOverload
    public func requestPasswordReset(requestPasswordResetRequest: RequestPasswordResetRequest) -> Future<Void, ReachFiveError> {
        future { try await self.requestPasswordReset(requestPasswordResetRequest: requestPasswordResetRequest) }
    }

    @_disfavoredOverload
    public func requestAccountRecovery(_ requestAccountRecoveryRequest: RequestAccountRecoveryRequest) -> Future<Void, ReachFiveError> {
        future { try await self.requestAccountRecovery(requestAccountRecoveryRequest) }
    }
}
