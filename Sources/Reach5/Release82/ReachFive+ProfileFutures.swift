import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+Profile.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func getProfile(authToken: AuthToken) -> Future<Profile, ReachFiveError> {
        future { try await self.getProfile(authToken: authToken) }
    }

    @_disfavoredOverload
    public func sendEmailVerification(authToken: AuthToken, redirectUrl: String? = nil) -> Future<EmailVerificationResponse, ReachFiveError>
    {
        future { try await self.sendEmailVerification(authToken: authToken, redirectUrl: Self.url(redirectUrl)) }
    }

    @_disfavoredOverload
    public func verifyEmail(authToken: AuthToken, code: String, email: String) -> Future<Void, ReachFiveError> {
        future { try await self.verifyEmail(authToken: authToken, code: code, email: email) }
    }

    @_disfavoredOverload
    public func verifyPhoneNumber(authToken: AuthToken, phoneNumber: String, verificationCode: String) -> Future<(), ReachFiveError> {
        future { try await self.verifyPhoneNumber(authToken: authToken, phoneNumber: phoneNumber, verificationCode: verificationCode) }
    }

    @_disfavoredOverload
    public func updateEmail(authToken: AuthToken, email: String, redirectUrl: String? = nil) -> Future<Profile, ReachFiveError> {
        future { try await self.updateEmail(authToken: authToken, email: email, redirectUrl: Self.url(redirectUrl)) }
    }

    @_disfavoredOverload
    public func updatePhoneNumber(authToken: AuthToken, phoneNumber: String) -> Future<Profile, ReachFiveError> {
        future { try await self.updatePhoneNumber(authToken: authToken, phoneNumber: phoneNumber) }
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
    public func listWebAuthnCredentials(authToken: AuthToken) -> Future<[DeviceCredential], ReachFiveError> {
        future { try await self.listWebAuthnCredentials(authToken: authToken) }
    }

    @_disfavoredOverload
    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteWebAuthnRegistration(id: id, authToken: authToken) }
    }
}
