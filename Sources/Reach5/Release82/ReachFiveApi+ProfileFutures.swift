import Foundation

// 8.2.0's Future forms (the SDK's ReachFiveApi+Profile.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFiveApi {
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
