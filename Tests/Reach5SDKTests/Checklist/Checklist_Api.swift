// swift-format-ignore-file
import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// Public symbols of the SDK's raw API class, Sources/Core/Classes/ReachFiveApi.swift, referenced at
// compile time with their full types (read from the SDK source at both tags).
// Counts: 11.0.0: 53 public symbols (the class, init(sdkConfig:), 51 methods, all async but the two
// URL builders) plus ReachFive.reachFiveApi (ReachFive.swift) and ProviderCreator.create(reachFive:…)
// (Provider.swift, referenced in Checklist_Providers). 8.2.0: 50 public symbols (the class,
// init(sdkConfig:), 48 methods returning Futures but buildAuthorizeURL) plus
// ProviderCreator.create(sdkConfig:providerConfig:reachFiveApi:clientConfigResponse:) (Provider.swift);
// 8.2's ReachFive.reachFiveApi is internal.
// The Future forms are disfavoured overloads: the typed `let`s pick them.

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Api_shared(config: SdkConfig) {
    // Sources/Core/Classes/ReachFiveApi.swift: the class and its initializer
    _ = { (api: ReachFiveApi) in api }
    _ = { ReachFiveApi(sdkConfig: config) }
    // Sources/Core/Classes/ReachFiveApi.swift: URL construction
    let _: (ReachFiveApi) -> ([String: String?]) -> URL = ReachFiveApi.buildAuthorizeURL(queryParams:)
}

func checklist_Api_11_0_0(config: SdkConfig) {
    // Sources/Core/Classes/ReachFive.swift
    let _: KeyPath<ReachFive, ReachFiveApi> = \ReachFive.reachFiveApi
    let _: (ReachFiveApi) -> ([String: String?]) -> URL = ReachFiveApi.buildLogoutURL(queryParams:)
    // Sources/Core/Classes/ReachFiveApi.swift: Configuration
    let _: (ReachFiveApi) -> () async throws -> ClientConfigResponse = ReachFiveApi.clientConfig
    let _: (ReachFiveApi) -> ([String: String?]) async throws -> ProvidersConfigsResult = ReachFiveApi.providersConfigs(variants:)
    // Sources/Core/Classes/ReachFiveApi.swift: Authentication
    let _: (ReachFiveApi) -> (LoginProviderRequest) async throws -> AccessTokenResponse = ReachFiveApi.loginWithProvider(loginProviderRequest:)
    let _: (ReachFiveApi) -> (SignupRequest) async throws -> SignupTokenResponse = ReachFiveApi.signupWithPassword(signupRequest:)
    let _: (ReachFiveApi) -> (LoginRequest) async throws -> TknMfa = ReachFiveApi.loginWithPassword(loginRequest:)
    let _: (ReachFiveApi) -> ([String: String?]?) async throws -> String = ReachFiveApi.authorize(params:)
    let _: (ReachFiveApi) -> (AuthCodeRequest) async throws -> AccessTokenResponse = ReachFiveApi.authWithCode(authCodeRequest:)
    let _: (ReachFiveApi) -> (RefreshRequest) async throws -> AccessTokenResponse = ReachFiveApi.refreshAccessToken(_:)
    let _: (ReachFiveApi) -> () async throws -> Void = ReachFiveApi.logout
    let _: (ReachFiveApi) -> (RevokeTokenRequest) async throws -> Void = ReachFiveApi.revokeToken(revokeTokenRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: Profile management
    let _: (ReachFiveApi) -> (AuthToken) async throws -> Profile = ReachFiveApi.getProfile(authToken:)
    let _: (ReachFiveApi) -> (AuthToken, Profile) async throws -> Profile = ReachFiveApi.updateProfile(authToken:profile:)
    let _: (ReachFiveApi) -> (AuthToken, ProfileUpdate) async throws -> Profile = ReachFiveApi.updateProfile(authToken:profileUpdate:)
    let _: (ReachFiveApi) -> (AuthToken, UpdateEmailRequest) async throws -> Profile = ReachFiveApi.updateEmail(authToken:updateEmailRequest:)
    let _: (ReachFiveApi) -> (AuthToken, UpdatePhoneNumberRequest) async throws -> Profile = ReachFiveApi.updatePhoneNumber(authToken:updatePhoneNumberRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: Session devices
    let _: (ReachFiveApi) -> (AuthToken) async throws -> ListSessionDevices = ReachFiveApi.listSessionDevices(authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) async throws -> Void = ReachFiveApi.deleteSessionDevice(id:authToken:)
    // Sources/Core/Classes/ReachFiveApi.swift: Verification
    let _: (ReachFiveApi) -> (AuthToken, SendEmailVerificationRequest) async throws -> SendEmailVerificationResponse = ReachFiveApi.sendEmailVerification(authToken:sendEmailVerificationRequest:)
    let _: (ReachFiveApi) -> (AuthToken, VerifyEmailRequest) async throws -> Void = ReachFiveApi.verifyEmail(authToken:verifyEmailRequest:)
    let _: (ReachFiveApi) -> (AuthToken, VerifyPhoneNumberRequest) async throws -> Void = ReachFiveApi.verifyPhoneNumber(authToken:verifyPhoneNumberRequest:)
    let _: (ReachFiveApi) -> (VerifyAuthCodeRequest) async throws -> Void = ReachFiveApi.verifyAuthCode(verifyAuthCodeRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: Password management and account recovery
    let _: (ReachFiveApi) -> (AuthToken?, UpdatePasswordRequest) async throws -> Void = ReachFiveApi.updatePassword(authToken:updatePasswordRequest:)
    let _: (ReachFiveApi) -> (RequestPasswordResetRequest) async throws -> Void = ReachFiveApi.requestPasswordReset(requestPasswordResetRequest:)
    let _: (ReachFiveApi) -> (RequestAccountRecoveryRequest) async throws -> Void = ReachFiveApi.requestAccountRecovery(_:)
    // Sources/Core/Classes/ReachFiveApi.swift: Passwordless
    let _: (ReachFiveApi) -> (StartPasswordlessRequest) async throws -> Void = ReachFiveApi.startPasswordless(_:)
    let _: (ReachFiveApi) -> (VerifyPasswordlessRequest) async throws -> PasswordlessVerifyResponse = ReachFiveApi.verifyPasswordless(verifyPasswordlessRequest:)
    let _: (ReachFiveApi) -> (StartMfaPasswordlessRequest) async throws -> StartMfaPasswordlessResponse = ReachFiveApi.startPasswordless(mfa:)
    let _: (ReachFiveApi) -> (VerifyMfaPasswordlessRequest) async throws -> PasswordlessVerifyResponse = ReachFiveApi.verifyPasswordless(mfa:)
    // Sources/Core/Classes/ReachFiveApi.swift: MFA
    let _: (ReachFiveApi) -> (MfaStartPhoneRegistrationRequest, AuthToken) async throws -> MfaStartCredentialRegistrationResponse = ReachFiveApi.startMfaPhoneRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (MfaStartEmailRegistrationRequest, AuthToken) async throws -> MfaStartCredentialRegistrationResponse = ReachFiveApi.startMfaEmailRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (MfaVerifyEmailRegistrationPostRequest, AuthToken) async throws -> MfaCredentialItem = ReachFiveApi.verifyMfaEmailRegistrationPost(_:authToken:)
    let _: (ReachFiveApi) -> (MfaVerifyEmailRegistrationGetRequest) async throws -> Void = ReachFiveApi.verifyMfaEmailRegistrationGet(_:)
    let _: (ReachFiveApi) -> (MfaVerifyPhoneRegistrationRequest, AuthToken) async throws -> MfaCredentialItem = ReachFiveApi.verifyMfaPhoneRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) async throws -> Void = ReachFiveApi.deleteMfaPhoneNumberCredential(phoneNumber:authToken:)
    let _: (ReachFiveApi) -> (AuthToken) async throws -> Void = ReachFiveApi.deleteMfaEmailCredential(authToken:)
    let _: (ReachFiveApi) -> (AuthToken) async throws -> MfaListTrustedDevices = ReachFiveApi.listMfaTrustedDevices(authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) async throws -> Void = ReachFiveApi.deleteMfaTrustedDevice(deviceId:authToken:)
    let _: (ReachFiveApi) -> (AuthToken) async throws -> MfaCredentialsListResponse = ReachFiveApi.mfaListCredentials(authToken:)
    let _: (ReachFiveApi) -> (StartMfaStepUpRequest, AuthToken?) async throws -> StartMfaStepUpResponse = ReachFiveApi.startMfaStepUp(_:authToken:)
    // Sources/Core/Classes/ReachFiveApi.swift: WebAuthn (passkeys)
    let _: (ReachFiveApi) -> (SignupOptions) async throws -> RegistrationOptions = ReachFiveApi.createWebAuthnSignupOptions(webAuthnSignupOptions:)
    let _: (ReachFiveApi) -> (WebauthnSignupCredential, String?) async throws -> AuthenticationToken = ReachFiveApi.signupWithWebAuthn(webauthnSignupCredential:originR5:)
    let _: (ReachFiveApi) -> (WebAuthnLoginRequest) async throws -> AuthenticationOptions = ReachFiveApi.createWebAuthnAuthenticationOptions(webAuthnLoginRequest:)
    let _: (ReachFiveApi) -> (AuthenticationPublicKeyCredential) async throws -> AuthenticationToken = ReachFiveApi.authenticateWithWebAuthn(authenticationPublicKeyCredential:)
    let _: (ReachFiveApi) -> (AuthToken, RegistrationRequest) async throws -> RegistrationOptions = ReachFiveApi.createWebAuthnRegistrationOptions(authToken:registrationRequest:)
    let _: (ReachFiveApi) -> (AuthToken, RegistrationPublicKeyCredential, String?) async throws -> Void = ReachFiveApi.registerWithWebAuthn(authToken:publicKeyCredential:originR5:)
    let _: (ReachFiveApi) -> (ResetOptions) async throws -> RegistrationOptions = ReachFiveApi.createWebAuthnResetOptions(resetOptions:)
    let _: (ReachFiveApi) -> (ResetPublicKeyCredential, String?) async throws -> Void = ReachFiveApi.resetWebAuthn(resetPublicKeyCredential:originR5:)
    let _: (ReachFiveApi) -> (AuthToken) async throws -> [DeviceCredential] = ReachFiveApi.getWebAuthnRegistrations(authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) async throws -> Void = ReachFiveApi.deleteWebAuthnRegistration(id:authToken:)
}

func checklist_Api_8_2_0(config: SdkConfig, creator: ProviderCreator, providerConfig: ProviderConfig, client: ClientConfigResponse) {
    // Sources/Core/Classes/ReachFiveApi.swift: the class and its initializer
    _ = { (api: ReachFiveApi) in api }
    _ = { ReachFiveApi(sdkConfig: config) }
    // Sources/Core/Classes/Provider.swift
    _ = { (api: ReachFiveApi) -> Provider in
        creator.create(sdkConfig: config, providerConfig: providerConfig, reachFiveApi: api, clientConfigResponse: client)
    }
    // Sources/Core/Classes/ReachFiveApi.swift: URL construction
    let _: (ReachFiveApi) -> ([String: String?]) -> URL = ReachFiveApi.buildAuthorizeURL(queryParams:)
    // Sources/Core/Classes/ReachFiveApi.swift: Configuration
    let _: (ReachFiveApi) -> () -> Future<ClientConfigResponse, ReachFiveError> = ReachFiveApi.clientConfig
    let _: (ReachFiveApi) -> ([String: String?]) -> Future<ProvidersConfigsResult, ReachFiveError> = ReachFiveApi.providersConfigs(variants:)
    // Sources/Core/Classes/ReachFiveApi.swift: Authentication
    let _: (ReachFiveApi) -> (LoginProviderRequest) -> Future<AccessTokenResponse, ReachFiveError> = ReachFiveApi.loginWithProvider(loginProviderRequest:)
    let _: (ReachFiveApi) -> (SignupRequest) -> Future<AccessTokenResponse, ReachFiveError> = ReachFiveApi.signupWithPassword(signupRequest:)
    let _: (ReachFiveApi) -> (LoginRequest) -> Future<TknMfa, ReachFiveError> = ReachFiveApi.loginWithPassword(loginRequest:)
    let _: (ReachFiveApi) -> (LoginCallback) -> Future<String, ReachFiveError> = ReachFiveApi.loginCallback(loginCallback:)
    let _: (ReachFiveApi) -> ([String: String?]?) -> Future<String, ReachFiveError> = ReachFiveApi.authorize(params:)
    let _: (ReachFiveApi) -> (AuthCodeRequest) -> Future<AccessTokenResponse, ReachFiveError> = ReachFiveApi.authWithCode(authCodeRequest:)
    let _: (ReachFiveApi) -> (RefreshRequest) -> Future<AccessTokenResponse, ReachFiveError> = ReachFiveApi.refreshAccessToken(_:)
    let _: (ReachFiveApi) -> () -> Future<Void, ReachFiveError> = ReachFiveApi.logout
    // Sources/Core/Classes/ReachFiveApi.swift: Profile management
    let _: (ReachFiveApi) -> (AuthToken) -> Future<Profile, ReachFiveError> = ReachFiveApi.getProfile(authToken:)
    let _: (ReachFiveApi) -> (AuthToken, UpdateEmailRequest) -> Future<Profile, ReachFiveError> = ReachFiveApi.updateEmail(authToken:updateEmailRequest:)
    let _: (ReachFiveApi) -> (AuthToken, Profile) -> Future<Profile, ReachFiveError> = ReachFiveApi.updateProfile(authToken:profile:)
    let _: (ReachFiveApi) -> (AuthToken, ProfileUpdate) -> Future<Profile, ReachFiveError> = ReachFiveApi.updateProfile(authToken:profileUpdate:)
    let _: (ReachFiveApi) -> (AuthToken, UpdatePhoneNumberRequest) -> Future<Profile, ReachFiveError> = ReachFiveApi.updatePhoneNumber(authToken:updatePhoneNumberRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: Verification
    let _: (ReachFiveApi) -> (AuthToken, SendEmailVerificationRequest) -> Future<SendEmailVerificationResponse, ReachFiveError> = ReachFiveApi.sendEmailVerification(authToken:sendEmailVerificationRequest:)
    let _: (ReachFiveApi) -> (AuthToken, VerifyEmailRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.verifyEmail(authToken:verifyEmailRequest:)
    let _: (ReachFiveApi) -> (AuthToken, VerifyPhoneNumberRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.verifyPhoneNumber(authToken:verifyPhoneNumberRequest:)
    let _: (ReachFiveApi) -> (VerifyAuthCodeRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.verifyAuthCode(verifyAuthCodeRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: Password management and account recovery
    let _: (ReachFiveApi) -> (AuthToken?, UpdatePasswordRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.updatePassword(authToken:updatePasswordRequest:)
    let _: (ReachFiveApi) -> (RequestPasswordResetRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.requestPasswordReset(requestPasswordResetRequest:)
    let _: (ReachFiveApi) -> (RequestAccountRecoveryRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.requestAccountRecovery(_:)
    // Sources/Core/Classes/ReachFiveApi.swift: Passwordless
    let _: (ReachFiveApi) -> (StartMfaPasswordlessRequest) -> Future<StartMfaPasswordlessResponse, ReachFiveError> = ReachFiveApi.startPasswordless(mfa:)
    let _: (ReachFiveApi) -> (VerifyMfaPasswordlessRequest) -> Future<PasswordlessVerifyResponse, ReachFiveError> = ReachFiveApi.verifyPasswordless(mfa:)
    let _: (ReachFiveApi) -> (StartPasswordlessRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.startPasswordless(_:)
    let _: (ReachFiveApi) -> (VerifyPasswordlessRequest) -> Future<PasswordlessVerifyResponse, ReachFiveError> = ReachFiveApi.verifyPasswordless(verifyPasswordlessRequest:)
    // Sources/Core/Classes/ReachFiveApi.swift: MFA
    let _: (ReachFiveApi) -> (MfaStartPhoneRegistrationRequest, AuthToken) -> Future<MfaStartCredentialRegistrationResponse, ReachFiveError> = ReachFiveApi.startMfaPhoneRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (MfaStartEmailRegistrationRequest, AuthToken) -> Future<MfaStartCredentialRegistrationResponse, ReachFiveError> = ReachFiveApi.startMfaEmailRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (MfaVerifyEmailRegistrationPostRequest, AuthToken) -> Future<MfaCredentialItem, ReachFiveError> = ReachFiveApi.verifyMfaEmailRegistrationPost(_:authToken:)
    let _: (ReachFiveApi) -> (MfaVerifyEmailRegistrationGetRequest) -> Future<Void, ReachFiveError> = ReachFiveApi.verifyMfaEmailRegistrationGet(_:)
    let _: (ReachFiveApi) -> (MfaVerifyPhoneRegistrationRequest, AuthToken) -> Future<MfaCredentialItem, ReachFiveError> = ReachFiveApi.verifyMfaPhoneRegistration(_:authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) -> Future<Void, ReachFiveError> = ReachFiveApi.deleteMfaPhoneNumberCredential(phoneNumber:authToken:)
    let _: (ReachFiveApi) -> (AuthToken) -> Future<Void, ReachFiveError> = ReachFiveApi.deleteMfaEmailCredential(authToken:)
    let _: (ReachFiveApi) -> (AuthToken) -> Future<MfaListTrustedDevices, ReachFiveError> = ReachFiveApi.listMfaTrustedDevices(authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) -> Future<Void, ReachFiveError> = ReachFiveApi.deleteMfaTrustedDevice(deviceId:authToken:)
    let _: (ReachFiveApi) -> (AuthToken) -> Future<MfaCredentialsListResponse, ReachFiveError> = ReachFiveApi.mfaListCredentials(authToken:)
    let _: (ReachFiveApi) -> (StartMfaStepUpRequest, AuthToken?) -> Future<StartMfaStepUpResponse, ReachFiveError> = ReachFiveApi.startMfaStepUp(_:authToken:)
    // Sources/Core/Classes/ReachFiveApi.swift: WebAuthn (passkeys)
    let _: (ReachFiveApi) -> (SignupOptions) -> Future<RegistrationOptions, ReachFiveError> = ReachFiveApi.createWebAuthnSignupOptions(webAuthnSignupOptions:)
    let _: (ReachFiveApi) -> (WebauthnSignupCredential, String?) -> Future<AuthenticationToken, ReachFiveError> = ReachFiveApi.signupWithWebAuthn(webauthnSignupCredential:originR5:)
    let _: (ReachFiveApi) -> (WebAuthnLoginRequest) -> Future<AuthenticationOptions, ReachFiveError> = ReachFiveApi.createWebAuthnAuthenticationOptions(webAuthnLoginRequest:)
    let _: (ReachFiveApi) -> (AuthenticationPublicKeyCredential) -> Future<AuthenticationToken, ReachFiveError> = ReachFiveApi.authenticateWithWebAuthn(authenticationPublicKeyCredential:)
    let _: (ReachFiveApi) -> (AuthToken, RegistrationRequest) -> Future<RegistrationOptions, ReachFiveError> = ReachFiveApi.createWebAuthnRegistrationOptions(authToken:registrationRequest:)
    let _: (ReachFiveApi) -> (AuthToken, RegistrationPublicKeyCredential, String?) -> Future<Void, ReachFiveError> = ReachFiveApi.registerWithWebAuthn(authToken:publicKeyCredential:originR5:)
    let _: (ReachFiveApi) -> (ResetOptions) -> Future<RegistrationOptions, ReachFiveError> = ReachFiveApi.createWebAuthnResetOptions(resetOptions:)
    let _: (ReachFiveApi) -> (ResetPublicKeyCredential, String?) -> Future<Void, ReachFiveError> = ReachFiveApi.resetWebAuthn(resetPublicKeyCredential:originR5:)
    let _: (ReachFiveApi) -> (AuthToken) -> Future<[DeviceCredential], ReachFiveError> = ReachFiveApi.getWebAuthnRegistrations(authToken:)
    let _: (ReachFiveApi) -> (String, AuthToken) -> Future<Void, ReachFiveError> = ReachFiveApi.deleteWebAuthnRegistration(id:authToken:)
}
