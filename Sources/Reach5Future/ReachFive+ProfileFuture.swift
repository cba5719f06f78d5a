import Foundation
@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFiveProfile.swift: Future forms of the async profile and
// verification methods, for code that imports `Reach5Future` (these win over `Reach5`'s
// disfavoured 8.2 forms). The bridge's redirects are strings, as 10.x's SDK took them; 11.0 takes
// URLs, so each is read as one here. (The same bridge file's password, recovery and passkey-list
// forms are the flows and native areas'.)

extension ContinueEmailVerification {
    public func verify(code: String, email: String, freshAuthToken token: AuthToken? = nil) -> Future<Void, ReachFiveError> {
        owner.future { try await self.verify(code: code, email: email, freshAuthToken: token) }
    }
}

extension ReachFive {
    public func getProfile(authToken: AuthToken) -> Future<Profile, ReachFiveError> {
        future { try await self.getProfile(authToken: authToken) }
    }

    public func sendEmailVerification(authToken: AuthToken, redirectUrl: String? = nil) -> Future<EmailVerificationResponse, ReachFiveError>
    {
        future { try await self.sendEmailVerification(authToken: authToken, redirectUrl: bridgedURL(redirectUrl)) }
    }

    public func verifyEmail(authToken: AuthToken, code: String, email: String) -> Future<Void, ReachFiveError> {
        future { try await self.verifyEmail(authToken: authToken, code: code, email: email) }
    }

    public func verifyPhoneNumber(authToken: AuthToken, phoneNumber: String, verificationCode: String) -> Future<(), ReachFiveError> {
        future { try await self.verifyPhoneNumber(authToken: authToken, phoneNumber: phoneNumber, verificationCode: verificationCode) }
    }

    public func updateEmail(authToken: AuthToken, email: String, redirectUrl: String? = nil) -> Future<Profile, ReachFiveError> {
        future { try await self.updateEmail(authToken: authToken, email: email, redirectUrl: bridgedURL(redirectUrl)) }
    }

    public func updatePhoneNumber(authToken: AuthToken, phoneNumber: String) -> Future<Profile, ReachFiveError> {
        future { try await self.updatePhoneNumber(authToken: authToken, phoneNumber: phoneNumber) }
    }

    public func updateProfile(authToken: AuthToken, profile: Profile) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profile: profile) }
    }

    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profileUpdate: profileUpdate) }
    }
}

/// A bridge redirect as 11.0's URL: one that is not a URL fails the Future before anything is sent.
func bridgedURL(_ string: String?) throws -> URL? {
    guard let string else { return nil }
    guard let url = URL(string: string) else { throw ReachFiveError.TechnicalError(reason: "redirectUrl is not a URL") }
    return url
}
