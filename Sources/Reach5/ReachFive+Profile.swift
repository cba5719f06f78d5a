import Encoding
import Foundation

/// The profile API (protocol doc §4.3, §10, §11).
extension ReachFive {
    static let profileFields =
        "birthdate,bio,middle_name,addresses,auth_types,consents,created_at,custom_fields,devices,company,email,emails,email_verified,external_id,family_name,first_login,first_name,full_name,gender,given_name,has_managed_profile,has_password,id,identities,last_login,last_login_provider,last_login_type,last_name,likes_friends_ratio,lite_only,locale,local_friends_count,login_summary,logins_count,name,nickname,origins,picture,phone_number,phone_number_verified,custom_identifier,provider_details,providers,social_identities,sub,uid,updated_at"

    private struct EmailRequest: Encodable {
        let email: String
        let redirectUrl: String?
    }
    private struct PhoneRequest: Encodable { let phoneNumber: String }
    private struct PasswordRequest: Encodable {
        let password: String
        let oldPassword: String?
    }
    private struct RedirectRequest: Encodable { let redirectUrl: String }
    private struct VerifyEmailRequest: Encodable {
        let email: String
        let verificationCode: String
    }
    private struct VerificationSent: Decodable { let verificationEmailSent: Bool }

    public func getProfile(authToken: AuthToken) async throws -> Profile {
        try await api.decode(
            Profile.self, "GET", "/identity/v1/userinfo", query: [("fields", Self.profileFields), ("flatcf", "true")], auth: authToken)
    }
    public func getProfile(authToken: AuthToken) -> Future<Profile, ReachFiveError> {
        future { try await self.getProfile(authToken: authToken) }
    }

    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) async throws -> Profile {
        try await api.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profileUpdate, auth: authToken)
    }
    public func updateProfile(authToken: AuthToken, profileUpdate: ProfileUpdate) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profileUpdate: profileUpdate) }
    }

    /// Sends the whole profile (nil fields omitted; it cannot delete).
    public func updateProfile(authToken: AuthToken, profile: Profile) async throws -> Profile {
        try await api.decode(Profile.self, "POST", "/identity/v1/update-profile", body: profile, auth: authToken)
    }
    public func updateProfile(authToken: AuthToken, profile: Profile) -> Future<Profile, ReachFiveError> {
        future { try await self.updateProfile(authToken: authToken, profile: profile) }
    }

    public func updateEmail(authToken: AuthToken, email: String, redirectUrl: String? = nil) async throws -> Profile {
        try await api.decode(
            Profile.self, "POST", "/identity/v1/update-email", body: EmailRequest(email: email, redirectUrl: redirectUrl), auth: authToken)
    }
    public func updateEmail(authToken: AuthToken, email: String, redirectUrl: String? = nil) -> Future<Profile, ReachFiveError> {
        future { try await self.updateEmail(authToken: authToken, email: email, redirectUrl: redirectUrl) }
    }

    public func updatePhoneNumber(authToken: AuthToken, phoneNumber: String) async throws -> Profile {
        try await api.decode(
            Profile.self, "POST", "/identity/v1/update-phone-number", body: PhoneRequest(phoneNumber: phoneNumber), auth: authToken)
    }
    public func updatePhoneNumber(authToken: AuthToken, phoneNumber: String) -> Future<Profile, ReachFiveError> {
        future { try await self.updatePhoneNumber(authToken: authToken, phoneNumber: phoneNumber) }
    }

    /// The token forms of update-password (`{password}` or `{password, old_password}`).
    public func updatePassword(authToken: AuthToken, password: String, oldPassword: String? = nil) async throws {
        _ = try await api.send(
            "POST", "/identity/v1/update-password", body: PasswordRequest(password: password, oldPassword: oldPassword), auth: authToken)
    }
    public func updatePassword(authToken: AuthToken, password: String, oldPassword: String? = nil) -> Future<Void, ReachFiveError> {
        future { try await self.updatePassword(authToken: authToken, password: password, oldPassword: oldPassword) }
    }

    public func sendEmailVerification(authToken: AuthToken, redirectUrl: String? = nil) async throws -> EmailVerificationResponse {
        let sent = try await api.decode(
            VerificationSent.self, "POST", "/identity/v1/send-email-verification",
            body: RedirectRequest(redirectUrl: redirectUrl ?? sdkConfig.emailVerificationUri.absoluteString), auth: authToken)
        return sent.verificationEmailSent ? .VerificationNeeded(ContinueEmailVerification(reachFive: self, authToken: authToken)) : .Success
    }
    public func sendEmailVerification(authToken: AuthToken, redirectUrl: String? = nil) -> Future<EmailVerificationResponse, ReachFiveError>
    {
        future { try await self.sendEmailVerification(authToken: authToken, redirectUrl: redirectUrl) }
    }

    public func verifyEmail(authToken: AuthToken, code: String, email: String) async throws {
        _ = try await api.send(
            "POST", "/identity/v1/verify-email", body: VerifyEmailRequest(email: email, verificationCode: code), auth: authToken)
    }
    public func verifyEmail(authToken: AuthToken, code: String, email: String) -> Future<Void, ReachFiveError> {
        future { try await self.verifyEmail(authToken: authToken, code: code, email: email) }
    }

    public func listWebAuthnCredentials(authToken: AuthToken) async throws -> [DeviceCredential] {
        try await api.decode([DeviceCredential].self, "GET", "/identity/v1/webauthn/registration", auth: authToken)
    }
    public func listWebAuthnCredentials(authToken: AuthToken) -> Future<[DeviceCredential], ReachFiveError> {
        future { try await self.listWebAuthnCredentials(authToken: authToken) }
    }

    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) async throws {
        _ = try await api.send("DELETE", "/identity/v1/webauthn/registration/\(id)", auth: authToken)
    }
    public func deleteWebAuthnRegistration(id: String, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.deleteWebAuthnRegistration(id: id, authToken: authToken) }
    }
}
