import Encoding
import Foundation

/// The profile API (the SDK's ReachFiveProfile.swift; docs/design/reachfive-protocol.md §4.3, §10, §11): 11.0's
/// `async throws` forms, and 8.2's Future forms (disfavoured, so `try await` picks the async one).
extension ReachFive {
    static let profileFields =
        "birthdate,bio,middle_name,addresses,auth_types,consents,created_at,custom_fields,devices,company,email,emails,email_verified,external_id,family_name,first_login,first_name,full_name,gender,given_name,has_managed_profile,has_password,id,identities,last_login,last_login_provider,last_login_type,last_name,likes_friends_ratio,lite_only,locale,local_friends_count,login_summary,logins_count,name,nickname,origins,picture,phone_number,phone_number_verified,custom_identifier,provider_details,providers,social_identities,sub,uid,updated_at"

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func getProfile(authToken: AuthToken) async throws -> Profile {
        try await reachFiveApi.getProfile(authToken: authToken)
    }

    /// Sends an email whose code (or link) verifies the profile's address; `.Success` when there
    /// was nothing to verify.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func sendEmailVerification(authToken: AuthToken, redirectUrl: URL? = nil) async throws -> EmailVerificationResponse {
        let request = SendEmailVerificationRequest(redirectUrl: redirectUrl ?? sdkConfig.emailVerificationUri)
        let sent = try await reachFiveApi.sendEmailVerification(authToken: authToken, sendEmailVerificationRequest: request)
        return sent.verificationEmailSent ? .VerificationNeeded(ContinueEmailVerification(reachFive: self, authToken: authToken)) : .Success
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyEmail(authToken: AuthToken, code: String, email: String) async throws {
        try await reachFiveApi.verifyEmail(
            authToken: authToken, verifyEmailRequest: VerifyEmailRequest(email: email, verificationCode: code))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyPhoneNumber(authToken: AuthToken, phoneNumber: String, verificationCode: String) async throws {
        try await reachFiveApi.verifyPhoneNumber(
            authToken: authToken,
            verifyPhoneNumberRequest: VerifyPhoneNumberRequest(phoneNumber: phoneNumber, verificationCode: verificationCode))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateEmail(authToken: AuthToken, email: String, redirectUrl: URL? = nil) async throws -> Profile {
        try await reachFiveApi.updateEmail(
            authToken: authToken, updateEmailRequest: UpdateEmailRequest(email: email, redirectUrl: redirectUrl))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updatePhoneNumber(authToken: AuthToken, phoneNumber: String) async throws -> Profile {
        try await reachFiveApi.updatePhoneNumber(
            authToken: authToken, updatePhoneNumberRequest: UpdatePhoneNumberRequest(phoneNumber: phoneNumber))
    }

    /// Sends the whole profile (nil fields absent: this form cannot delete).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateProfile(authToken: AuthToken, profile: Profile) async throws -> Profile {
        try await reachFiveApi.updateProfile(authToken: authToken, profile: profile)
    }

    /// Sends the fields that change: `Update` as the value, `Delete` as null, `NoOp` absent.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) async throws -> Profile {
        try await reachFiveApi.updateProfile(authToken: authToken, profileUpdate: profileUpdate)
    }

    /// Registers what runs when the email verification link comes back to the app.
    public func addEmailVerificationCallback(emailVerificationCallback: @escaping EmailVerificationCallback) {
        self.emailVerificationCallback = emailVerificationCallback
    }

    /// The email verification link (`interceptUrl` routes it here): `error` in its query fails the
    /// callback with the server's error; otherwise the address was verified.
    public func interceptEmailVerification(_ url: URL) {
        let params = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems
        let callback = emailVerificationCallback
        if let error = params?.first(where: { $0.name == "error" })?.value {
            callback?(.failure(.TechnicalError(reason: error, apiError: ApiError(fromQueryParams: params))))
            return
        }
        callback?(.success(()))
    }

    /// 8.2's string redirects (Release82/ReachFive+ProfileFutures.swift) as 11.0's URLs: one that is not a URL is a `TechnicalError`
    /// before anything is sent.
    static func url(_ string: String?) throws -> URL? {
        guard let string else { return nil }
        guard let url = URL(string: string) else {
            throw ReachFiveError.TechnicalError(reason: "redirectUrl is not a URL")
        }
        return url
    }
}

// The passkey list and deletion (the SDK declares them in ReachFiveProfile.swift; the native
// engineer's area: move them to the passkey file when it takes them).
extension ReachFive {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func listWebAuthnCredentials(authToken: AuthToken) async throws -> [DeviceCredential] {
        try await reachFiveApi.getWebAuthnRegistrations(authToken: authToken)
    }
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) async throws {
        try await reachFiveApi.deleteWebAuthnRegistration(id: id, authToken: authToken)
    }
}
