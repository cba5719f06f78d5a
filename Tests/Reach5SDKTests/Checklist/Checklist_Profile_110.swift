import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The profile area's 11.0.0 checklist (see Checklist_Profile.swift for the files read and the counts).

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Profile_shared() {
    // models/Profile.swift
    let _: Profile.Type = Profile.self
    let _: KeyPath<Profile, String?> = \Profile.uid
    let _: KeyPath<Profile, String?> = \Profile.givenName
    let _: KeyPath<Profile, String?> = \Profile.middleName
    let _: KeyPath<Profile, String?> = \Profile.familyName
    let _: KeyPath<Profile, String?> = \Profile.name
    let _: KeyPath<Profile, String?> = \Profile.nickname
    let _: KeyPath<Profile, String?> = \Profile.birthdate
    let _: KeyPath<Profile, String?> = \Profile.profileURL
    let _: KeyPath<Profile, String?> = \Profile.picture
    let _: KeyPath<Profile, String?> = \Profile.externalId
    let _: KeyPath<Profile, [String]?> = \Profile.authTypes
    let _: KeyPath<Profile, LoginSummary?> = \Profile.loginSummary
    let _: KeyPath<Profile, String?> = \Profile.username
    let _: KeyPath<Profile, String?> = \Profile.gender
    let _: KeyPath<Profile, String?> = \Profile.email
    let _: KeyPath<Profile, Bool?> = \Profile.emailVerified
    let _: KeyPath<Profile, Emails?> = \Profile.emails
    let _: KeyPath<Profile, String?> = \Profile.phoneNumber
    let _: KeyPath<Profile, Bool?> = \Profile.phoneNumberVerified
    let _: KeyPath<Profile, String?> = \Profile.customIdentifier
    let _: KeyPath<Profile, [ProfileAddress]?> = \Profile.addresses
    let _: KeyPath<Profile, String?> = \Profile.locale
    let _: KeyPath<Profile, String?> = \Profile.bio
    let _: KeyPath<Profile, [String: CustomField]?> = \Profile.customFields
    let _: KeyPath<Profile, [String: Consent]?> = \Profile.consents
    let _: KeyPath<Profile, String?> = \Profile.createdAt
    let _: KeyPath<Profile, String?> = \Profile.updatedAt
    let _: KeyPath<Profile, String?> = \Profile.company
    let _: KeyPath<Profile, Bool?> = \Profile.liteOnly
    _ = {
        Profile(
            uid: "u", givenName: "a", middleName: nil, familyName: nil, name: nil, nickname: nil, birthdate: nil, profileURL: nil,
            picture: nil, externalId: nil, authTypes: nil, loginSummary: nil, username: nil, gender: nil, email: nil, emailVerified: nil,
            emails: nil, phoneNumber: nil, phoneNumberVerified: nil, customIdentifier: nil, addresses: nil, locale: nil, bio: nil,
            customFields: nil, consents: nil, createdAt: nil, updatedAt: nil, company: nil, liteOnly: nil)
    }
    let _: (Profile) -> () -> ProfileUpdate = Profile.asUpdate
    // models/ProfileAddress.swift
    let _: ProfileAddress.Type = ProfileAddress.self
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.title
    let _: KeyPath<ProfileAddress, Bool?> = \ProfileAddress.isDefault
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.addressType
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.streetAddress
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.addressComplement
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.locality
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.region
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.postalCode
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.country
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.raw
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.deliveryNote
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.recipient
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.company
    let _: KeyPath<ProfileAddress, String?> = \ProfileAddress.phoneNumber
    let _: KeyPath<ProfileAddress, [String: CustomField]?> = \ProfileAddress.customFields
    _ = {
        ProfileAddress(
            title: nil, isDefault: true, addressType: nil, streetAddress: nil, addressComplement: "b", locality: nil, region: nil,
            postalCode: nil, country: nil, raw: nil, deliveryNote: nil, recipient: nil, company: nil, phoneNumber: nil,
            customFields: ["k": .int(1)])
    }
    // models/ProfileUpdate.swift (Diffable, Diff, KeyedEncodingContainer.encode, ProfileUpdate)
    let _: any Diffable.Type = Diff<String>.self
    let _: (Diff<String>) -> () -> Bool = Diff<String>.isEmpty
    let _: KeyPath<Diff<String>, String?> = \Diff<String>.value
    let _: Diff<String> = .Update("a")
    let _: Diff<String> = .Delete
    let _: Diff<String> = .NoOp
    let _: (String?) -> Diff<String> = Diff<String>.init
    let _: (Diff<String>) -> (Encoder) throws -> Void = Diff<String>.encode(to:)
    let _: (inout KeyedEncodingContainer<DiffKey>, Diff<String>, DiffKey) throws -> Void = { try $0.encode($1, forKey: $2) }
    let _: ProfileUpdate.Type = ProfileUpdate.self
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.givenName
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.middleName
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.familyName
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.name
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.nickname
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.birthdate
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.picture
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.username
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.gender
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.email
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.phoneNumber
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.customIdentifier
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.locale
    let _: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>> = \ProfileUpdate.company
    _ = {
        ProfileUpdate(
            givenName: .Update("a"), middleName: .NoOp, familyName: .NoOp, name: .NoOp, nickname: .NoOp, birthdate: .NoOp, picture: .NoOp,
            username: .NoOp, gender: .NoOp, email: .NoOp, phoneNumber: .Delete, customIdentifier: .NoOp, locale: .NoOp, company: .NoOp)
    }
    // models/OpenIdUser.swift
    let _: OpenIdUser.Type = OpenIdUser.self
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.id
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.name
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.preferredUsername
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.givenName
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.familyName
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.middleName
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.nickname
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.picture
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.website
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.email
    let _: KeyPath<OpenIdUser, Bool?> = \OpenIdUser.emailVerified
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.gender
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.zoneinfo
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.locale
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.phoneNumber
    let _: KeyPath<OpenIdUser, Bool?> = \OpenIdUser.phoneNumberVerified
    let _: KeyPath<OpenIdUser, ProfileAddress?> = \OpenIdUser.address
    _ = {
        OpenIdUser(
            id: nil, name: nil, preferredUsername: nil, givenName: nil, familyName: nil, middleName: nil, nickname: nil, picture: nil,
            website: nil, email: nil, emailVerified: nil, gender: nil, zoneinfo: nil, locale: nil, phoneNumber: nil,
            phoneNumberVerified: nil, address: nil, cico: nil)
    }
    // models/AuthToken.swift
    let _: AuthToken.Type = AuthToken.self
    let _: KeyPath<AuthToken, String?> = \AuthToken.idToken
    let _: KeyPath<AuthToken, String> = \AuthToken.accessToken
    let _: KeyPath<AuthToken, String?> = \AuthToken.refreshToken
    let _: KeyPath<AuthToken, String?> = \AuthToken.tokenType
    let _: KeyPath<AuthToken, Int?> = \AuthToken.expiresIn
    let _: KeyPath<AuthToken, OpenIdUser?> = \AuthToken.user
    _ = { AuthToken(accessToken: "a") }
    let _: (AccessTokenResponse) throws -> AuthToken = AuthToken.fromOpenIdTokenResponse
    // models/AccessTokenResponse.swift
    let _: AccessTokenResponse.Type = AccessTokenResponse.self
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.idToken
    let _: KeyPath<AccessTokenResponse, String> = \AccessTokenResponse.accessToken
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.refreshToken
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.code
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.tokenType
    let _: KeyPath<AccessTokenResponse, Int?> = \AccessTokenResponse.expiresIn
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.error
    let _: KeyPath<AccessTokenResponse, String?> = \AccessTokenResponse.errorDescription
    _ = {
        AccessTokenResponse(
            idToken: nil, accessToken: "a", refreshToken: nil, code: nil, tokenType: nil, expiresIn: nil, error: nil, errorDescription: nil)
    }
    // models/Consent.swift
    let _: Consent.Type = Consent.self
    let _: KeyPath<Consent, Bool> = \Consent.granted
    let _: KeyPath<Consent, String?> = \Consent.consentType
    let _: KeyPath<Consent, String> = \Consent.date
    _ = { Consent(granted: true, consentType: nil, date: "d") }
    // models/Emails.swift
    let _: Emails.Type = Emails.self
    let _: KeyPath<Emails, [String]?> = \Emails.verified
    let _: KeyPath<Emails, [String]?> = \Emails.unverified
    _ = { Emails(verified: nil, unverified: nil) }
    // models/LoginSummary.swift
    let _: LoginSummary.Type = LoginSummary.self
    let _: KeyPath<LoginSummary, Int?> = \LoginSummary.firstLogin
    let _: KeyPath<LoginSummary, Int?> = \LoginSummary.lastLogin
    let _: KeyPath<LoginSummary, Int?> = \LoginSummary.total
    let _: KeyPath<LoginSummary, [String]?> = \LoginSummary.origins
    let _: KeyPath<LoginSummary, [String]?> = \LoginSummary.devices
    let _: KeyPath<LoginSummary, String?> = \LoginSummary.lastProvider
    _ = { LoginSummary(firstLogin: nil, lastLogin: nil, total: nil, origins: nil, devices: nil, lastProvider: nil) }
    // utils/CustomField.swift
    let _: CustomField = .string("s")
    let _: CustomField = .int(1)
    let _: CustomField = .double(1.5)
    let _: CustomField = .bool(true)
    let _: CustomField = .array([])
    let _: (CustomField) -> (Encoder) throws -> Void = CustomField.encode(to:)
    let _: (Decoder) throws -> CustomField = CustomField.init(from:)
    // utils/DictionaryEncodable.swift
    let _: any DictionaryEncodable.Type = Profile.self
    let _: (Profile) -> () -> [String: Any]? = Profile.dictionary
    // models/requests/ProfileSignupRequest.swift
    let _: ProfileSignupRequest.Type = ProfileSignupRequest.self
    let _: KeyPath<ProfileSignupRequest, String> = \ProfileSignupRequest.password
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.email
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.phoneNumber
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.customIdentifier
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.givenName
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.middleName
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.familyName
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.name
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.nickname
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.birthdate
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.profileURL
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.picture
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.username
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.gender
    let _: KeyPath<ProfileSignupRequest, [ProfileAddress]?> = \ProfileSignupRequest.addresses
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.locale
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.bio
    let _: KeyPath<ProfileSignupRequest, [String: CustomField]?> = \ProfileSignupRequest.customFields
    let _: KeyPath<ProfileSignupRequest, [String: Consent]?> = \ProfileSignupRequest.consents
    let _: KeyPath<ProfileSignupRequest, String?> = \ProfileSignupRequest.company
    let _: KeyPath<ProfileSignupRequest, Bool?> = \ProfileSignupRequest.liteOnly
    _ = {
        ProfileSignupRequest(
            password: "p", email: "e", phoneNumber: nil, customIdentifier: nil, givenName: nil, middleName: nil, familyName: nil, name: nil,
            nickname: nil, birthdate: nil, profileURL: nil, picture: nil, username: nil, gender: nil, addresses: nil, locale: nil, bio: nil,
            customFields: nil, consents: nil, company: nil, liteOnly: nil)
    }
    // models/requests/UpdateEmailRequest.swift
    let _: UpdateEmailRequest.Type = UpdateEmailRequest.self
    let _: KeyPath<UpdateEmailRequest, String> = \UpdateEmailRequest.email
    let _: KeyPath<UpdateEmailRequest, URL?> = \UpdateEmailRequest.redirectUrl
    _ = { UpdateEmailRequest(email: "e", redirectUrl: URL(string: "https://r.example")) }
    // models/requests/UpdatePhoneNumberRequest.swift
    let _: UpdatePhoneNumberRequest.Type = UpdatePhoneNumberRequest.self
    let _: KeyPath<UpdatePhoneNumberRequest, String> = \UpdatePhoneNumberRequest.phoneNumber
    _ = { UpdatePhoneNumberRequest(phoneNumber: "+1") }
    // models/requests/VerifyPhoneNumberRequest.swift
    let _: VerifyPhoneNumberRequest.Type = VerifyPhoneNumberRequest.self
    let _: KeyPath<VerifyPhoneNumberRequest, String> = \VerifyPhoneNumberRequest.phoneNumber
    let _: KeyPath<VerifyPhoneNumberRequest, String> = \VerifyPhoneNumberRequest.verificationCode
    _ = { VerifyPhoneNumberRequest(phoneNumber: "+1", verificationCode: "1") }
    // models/requests/VerifyEmailRequest.swift (SendEmailVerificationRequest, VerifyEmailRequest)
    let _: SendEmailVerificationRequest.Type = SendEmailVerificationRequest.self
    let _: KeyPath<SendEmailVerificationRequest, URL?> = \SendEmailVerificationRequest.redirectUrl
    _ = { SendEmailVerificationRequest(redirectUrl: URL(string: "https://r.example")) }
    let _: VerifyEmailRequest.Type = VerifyEmailRequest.self
    let _: KeyPath<VerifyEmailRequest, String> = \VerifyEmailRequest.email
    let _: KeyPath<VerifyEmailRequest, String> = \VerifyEmailRequest.verificationCode
    _ = { VerifyEmailRequest(email: "e", verificationCode: "1") }
    // models/responses/VerifyEmailResponse.swift
    let _: SendEmailVerificationResponse.Type = SendEmailVerificationResponse.self
    let _: KeyPath<SendEmailVerificationResponse, Bool> = \SendEmailVerificationResponse.verificationEmailSent
    // models/requests/RefreshRequest.swift
    let _: RefreshRequest.Type = RefreshRequest.self
    let _: KeyPath<RefreshRequest, String> = \RefreshRequest.clientId
    let _: KeyPath<RefreshRequest, String> = \RefreshRequest.grantType
    let _: KeyPath<RefreshRequest, String?> = \RefreshRequest.refreshToken
    let _: KeyPath<RefreshRequest, URL> = \RefreshRequest.redirectUri
    _ = { RefreshRequest(clientId: "c", refreshToken: nil, redirectUri: URL(fileURLWithPath: "/")) }
    let _: (ReachFive) -> (@escaping EmailVerificationCallback) -> Void = ReachFive.addEmailVerificationCallback(emailVerificationCallback:)
    let _: (ReachFive) -> (URL) -> Void = ReachFive.interceptEmailVerification(_:)
    let _: ContinueEmailVerification.Type = ContinueEmailVerification.self
    let _: EmailVerificationResponse = .Success
    _ = { (c: ContinueEmailVerification) -> EmailVerificationResponse in .VerificationNeeded(c) }
}

func checklist_Profile_110() {
    let _: KeyPath<OpenIdUser, String?> = \OpenIdUser.cico
    // models/requests/RevokeTokenRequest.swift
    let _: RevokeTokenRequest.Type = RevokeTokenRequest.self
    // models/requests/TokenType.swift
    let _: TokenType = .accessToken
    let _: TokenType = .refreshToken
    let _: KeyPath<TokenType, String> = \TokenType.rawValue
    // models/requests/WebSessionLogoutRequest.swift
    let _: KeyPath<WebSessionLogoutRequest, HeadlessPresentation> = \WebSessionLogoutRequest.presentationContextProvider
    let _: KeyPath<WebSessionLogoutRequest, String?> = \WebSessionLogoutRequest.origin
    _ = { WebSessionLogoutRequest(presentationContextProvider: window, origin: nil) }
    _ = { try WebSessionLogoutRequest(presenting: Presentation(from: window), origin: "o") }
    // ReachFiveProfile.swift (its password, recovery and passkey-list methods are the flows and native checklists')
    let _: (ReachFive) -> (AuthToken) async throws -> Profile = ReachFive.getProfile(authToken:)
    let _: (ReachFive) -> (AuthToken, URL?) async throws -> EmailVerificationResponse = ReachFive.sendEmailVerification(
        authToken:redirectUrl:)
    let _: (ReachFive) -> (AuthToken, String, String) async throws -> Void = ReachFive.verifyEmail(authToken:code:email:)
    let _: (ReachFive) -> (AuthToken, String, String) async throws -> Void = ReachFive.verifyPhoneNumber(
        authToken:phoneNumber:verificationCode:)
    let _: (ReachFive) -> (AuthToken, String, URL?) async throws -> Profile = ReachFive.updateEmail(authToken:email:redirectUrl:)
    let _: (ReachFive) -> (AuthToken, String) async throws -> Profile = ReachFive.updatePhoneNumber(authToken:phoneNumber:)
    let _: (ReachFive) -> (AuthToken, Profile) async throws -> Profile = ReachFive.updateProfile(authToken:profile:)
    let _: (ReachFive) -> (AuthToken, ProfileUpdate) async throws -> Profile = ReachFive.updateProfile(authToken:profileUpdate:)
    let _: (ContinueEmailVerification) -> (String, String, AuthToken?) async throws -> Void = ContinueEmailVerification.verify(
        code:email:freshAuthToken:)
    // ReachFiveToken.swift
    let _: (ReachFive) -> (AuthToken) async throws -> AuthToken = ReachFive.refreshAccessToken(authToken:)
    let _: (ReachFive) -> (AuthToken) async throws -> Void = ReachFive.revokeToken(authToken:)
    // ReachFiveLogin.swift (logout; loginCallback and the rest are the flows checklist's)
    let _: (ReachFive) -> (WebSessionLogoutRequest?, AuthToken?) async throws -> Void = ReachFive.logout(webSessionLogout:revoke:)
}
