// swift-format-ignore-file
import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// Public symbols of the flows' SDK files, referenced at compile time (read from the SDK source at
// both tags: ReachFivePassword, ReachFivePasswordLess, ReachFiveProfile's password/recovery methods,
// ReachFive.swift's callback typealiases, ReachFiveLogin's loginCallback, and the request models
// SignupRequest, LoginRequest, RequestPasswordResetRequest, RequestAccountRecoveryRequest,
// UpdatePasswordRequest, StartPasswordlessRequest, VerifyAuthCodeRequest, AuthCodeRequest,
// LoginCallback (8.2), SignupTokenResponse (11.0), AccountRecoveryResponse).
// Counts: 11.0.0: 89 references (types, cases, initializers, methods, properties).
// 8.2.0: 79 symbols shared with 11.0.0 (referenced in checklist_Flows_shared: LoginFlow, the request
// models, UpdatePasswordParams, PasswordLessAuthType, AccountRecoveryResponse, callbacks) plus 23
// references of 8.2.0's own forms (Futures, String redirect URIs, LoginCallback). 8.2's
// String-typed `redirectUrl`/`redirectUri` properties are URL-typed here (11.0's types).
// Referenced in Checklist_Providers (their owners' files): ReachFiveLogin's authWithCode(code:pkce:
// redirectUri:), buildAuthorizeURL, login(withProvider:…), logout.

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Flows_shared(t: AuthToken, r5: ReachFive, profile: ProfileSignupRequest, pkce: Pkce, config: SdkConfig) {
    // ReachFivePassword.swift
    _ = { (f: LoginFlow) in f }
    let _: LoginFlow = .AchievedLogin(authToken: t)
    let _: LoginFlow = .OngoingStepUp(token: "", availableMfaCredentialItemTypes: [MfaCredentialItemType]())
    // ReachFivePasswordLess.swift
    let _: PasswordLessRequest = .Email(email: "", redirectUri: URL?.none, origin: nil)
    let _: PasswordLessRequest = .PhoneNumber(phoneNumber: "", redirectUri: URL?.none, origin: nil)
    let _: (ReachFive) -> (@escaping PasswordlessCallback) -> Void = ReachFive.addPasswordlessCallback(passwordlessCallback:)
    let _: (ReachFive) -> (@escaping AccountRecoveryCallback) -> Void = ReachFive.addAccountRecoveryCallback(accountRecoveryCallback:)
    let _: (ReachFive) -> (URL) -> Void = ReachFive.interceptAccountRecovery(_:)
    // ReachFive.swift (callback types)
    let _: PasswordlessCallback = { (_: Result<AuthToken, ReachFiveError>) in }
    let _: AccountRecoveryCallback = { (_: Result<AccountRecoveryResponse, ReachFiveError>) in }
    // models/requests/SignupRequest.swift
    _ = { SignupRequest(clientId: "", data: profile, scope: "", redirectUrl: URL?.none, origin: nil) }
    let _: KeyPath<SignupRequest, String> = \SignupRequest.clientId
    let _: KeyPath<SignupRequest, ProfileSignupRequest> = \SignupRequest.data
    let _: KeyPath<SignupRequest, String> = \SignupRequest.scope
    let _: KeyPath<SignupRequest, URL?> = \SignupRequest.redirectUrl
    let _: KeyPath<SignupRequest, String?> = \SignupRequest.origin
    // models/requests/LoginRequest.swift
    _ = { LoginRequest(email: nil, phoneNumber: nil, customIdentifier: nil, password: "", grantType: "", clientId: "", scope: "", origin: nil) }
    let _: KeyPath<LoginRequest, String?> = \LoginRequest.email
    let _: KeyPath<LoginRequest, String?> = \LoginRequest.phoneNumber
    let _: KeyPath<LoginRequest, String?> = \LoginRequest.customIdentifier
    let _: KeyPath<LoginRequest, String> = \LoginRequest.password
    let _: KeyPath<LoginRequest, String> = \LoginRequest.grantType
    let _: KeyPath<LoginRequest, String> = \LoginRequest.clientId
    let _: KeyPath<LoginRequest, String> = \LoginRequest.scope
    let _: KeyPath<LoginRequest, String?> = \LoginRequest.origin
    // models/requests/RequestPasswordResetRequest.swift
    _ = { RequestPasswordResetRequest(clientId: "", email: nil, phoneNumber: nil, redirectUrl: URL?.none, origin: nil) }
    let _: KeyPath<RequestPasswordResetRequest, String> = \RequestPasswordResetRequest.clientId
    let _: KeyPath<RequestPasswordResetRequest, String?> = \RequestPasswordResetRequest.email
    let _: KeyPath<RequestPasswordResetRequest, String?> = \RequestPasswordResetRequest.phoneNumber
    let _: KeyPath<RequestPasswordResetRequest, URL?> = \RequestPasswordResetRequest.redirectUrl
    let _: KeyPath<RequestPasswordResetRequest, String?> = \RequestPasswordResetRequest.origin
    // models/requests/RequestAccountRecoveryRequest.swift
    _ = { RequestAccountRecoveryRequest(clientId: "", email: nil, phoneNumber: nil, redirectUrl: URL?.none, origin: nil) }
    let _: KeyPath<RequestAccountRecoveryRequest, String> = \RequestAccountRecoveryRequest.clientId
    let _: KeyPath<RequestAccountRecoveryRequest, String?> = \RequestAccountRecoveryRequest.email
    let _: KeyPath<RequestAccountRecoveryRequest, String?> = \RequestAccountRecoveryRequest.phoneNumber
    let _: KeyPath<RequestAccountRecoveryRequest, URL?> = \RequestAccountRecoveryRequest.redirectUrl
    let _: KeyPath<RequestAccountRecoveryRequest, String?> = \RequestAccountRecoveryRequest.origin
    // models/requests/UpdatePasswordRequest.swift
    let _: UpdatePasswordParams = .FreshAccessTokenParams(authToken: t, password: "")
    let _: UpdatePasswordParams = .AccessTokenParams(authToken: t, password: "", oldPassword: "")
    let _: UpdatePasswordParams = .EmailParams(email: "", verificationCode: "", password: "")
    let _: UpdatePasswordParams = .SmsParams(phoneNumber: "", verificationCode: "", password: "")
    let _: (UpdatePasswordParams) -> () -> AuthToken? = UpdatePasswordParams.getAuthToken
    _ = { UpdatePasswordRequest(clientId: nil, password: nil, oldPassword: nil, email: nil, phoneNumber: nil, verificationCode: nil) }
    _ = { UpdatePasswordRequest(updatePasswordParams: .EmailParams(email: "", verificationCode: "", password: ""), sdkConfig: config) }
    let _: (UpdatePasswordRequest) -> () -> [String: Any]? = UpdatePasswordRequest.dictionary
    // models/requests/StartPasswordlessRequest.swift
    let _: PasswordLessAuthType = .MagicLink
    let _: PasswordLessAuthType = .SMS
    _ = { StartPasswordlessRequest(clientId: "", email: nil, phoneNumber: nil, authType: .SMS, redirectUri: URL(fileURLWithPath: "/"), codeChallenge: "", codeChallengeMethod: "", origin: nil) }
    _ = { StartPasswordlessRequest(clientId: "", email: nil, phoneNumber: nil, responseType: "", authType: .SMS, redirectUri: URL(fileURLWithPath: "/"), state: nil, codeChallenge: "", codeChallengeMethod: "", origin: nil) }
    let _: KeyPath<StartPasswordlessRequest, String> = \StartPasswordlessRequest.clientId
    let _: KeyPath<StartPasswordlessRequest, String?> = \StartPasswordlessRequest.email
    let _: KeyPath<StartPasswordlessRequest, String?> = \StartPasswordlessRequest.phoneNumber
    let _: KeyPath<StartPasswordlessRequest, String> = \StartPasswordlessRequest.responseType
    let _: KeyPath<StartPasswordlessRequest, String> = \StartPasswordlessRequest.authType
    let _: KeyPath<StartPasswordlessRequest, URL> = \StartPasswordlessRequest.redirectUri
    let _: KeyPath<StartPasswordlessRequest, String?> = \StartPasswordlessRequest.state
    let _: KeyPath<StartPasswordlessRequest, String> = \StartPasswordlessRequest.codeChallenge
    let _: KeyPath<StartPasswordlessRequest, String> = \StartPasswordlessRequest.codeChallengeMethod
    let _: KeyPath<StartPasswordlessRequest, String?> = \StartPasswordlessRequest.origin
    // models/requests/VerifyAuthCodeRequest.swift
    _ = { VerifyAuthCodeRequest(authType: nil, phoneNumber: nil, email: nil, verificationCode: "", origin: nil) }
    _ = { VerifyPasswordlessRequest(email: nil, phoneNumber: nil, verificationCode: "", state: nil, redirectUri: nil, clientId: nil, responseType: nil, origin: nil) }
    _ = { PasswordlessVerifyResponse(code: nil, state: nil) }
    // models/requests/AuthCodeRequest.swift
    _ = { AuthCodeRequest(clientId: "", code: "", redirectUri: URL(fileURLWithPath: "/"), pkce: pkce) }
    _ = { AuthCodeRequest(clientId: "", code: "", grantType: "", redirectUri: URL(fileURLWithPath: "/"), codeVerifier: nil) }
    let _: KeyPath<AuthCodeRequest, String> = \AuthCodeRequest.clientId
    let _: KeyPath<AuthCodeRequest, String> = \AuthCodeRequest.code
    let _: KeyPath<AuthCodeRequest, String> = \AuthCodeRequest.grantType
    let _: KeyPath<AuthCodeRequest, URL> = \AuthCodeRequest.redirectUri
    let _: KeyPath<AuthCodeRequest, String?> = \AuthCodeRequest.codeVerifier
    // models/requests/webAuthn/ResetPasskeyRequest.swift (AccountRecoveryResponse)
    _ = { AccountRecoveryResponse(email: "", verificationCode: "") }
    let _: KeyPath<AccountRecoveryResponse, String> = \AccountRecoveryResponse.email
    let _: KeyPath<AccountRecoveryResponse, String> = \AccountRecoveryResponse.verificationCode
}

func checklist_Flows_11_0_0(t: AuthToken, r5: ReachFive, profile: ProfileSignupRequest, pkce: Pkce, config: SdkConfig) {
    _ = { (f: SignupFlow) in f }
    let _: SignupFlow = .AchievedLogin(authToken: t)
    let _: SignupFlow = .AwaitingIdentifierVerification
    let _: (ReachFive) -> (ProfileSignupRequest, URL?, [String]?, String?) async throws -> SignupFlow = ReachFive.signup(profile:redirectUrl:scope:origin:)
    let _: (ReachFive) -> (String?, String?, String?, String, [String]?, String?) async throws -> LoginFlow = ReachFive.loginWithPassword(email:phoneNumber:customIdentifier:password:scope:origin:)
    let _: (ReachFive) -> (PasswordLessRequest) async throws -> Void = ReachFive.startPasswordless(_:)
    let _: (ReachFive) -> (VerifyAuthCodeRequest) async throws -> AuthToken = ReachFive.verifyPasswordlessCode(verifyAuthCodeRequest:)
    // ReachFiveProfile.swift (password and recovery)
    let _: (ReachFive) -> (UpdatePasswordParams) async throws -> Void = ReachFive.updatePassword(_:)
    let _: (ReachFive) -> (String?, String?, URL?, String?) async throws -> Void = ReachFive.requestPasswordReset(email:phoneNumber:redirectUrl:origin:)
    let _: (ReachFive) -> (String?, String?, URL?, String?) async throws -> Void = ReachFive.requestAccountRecovery(email:phoneNumber:redirectUrl:origin:)
    // ReachFiveLogin.swift
    let _: (ReachFive) -> (String, [String]?, String?) async throws -> AuthToken = ReachFive.loginCallback(tkn:scopes:origin:)
    // models/SignupTokenResponse.swift
    _ = { SignupTokenResponse(idToken: nil, accessToken: nil, refreshToken: nil, tokenType: nil, expiresIn: nil) }
    let _: KeyPath<SignupTokenResponse, String?> = \SignupTokenResponse.idToken
    let _: KeyPath<SignupTokenResponse, String?> = \SignupTokenResponse.accessToken
    let _: KeyPath<SignupTokenResponse, String?> = \SignupTokenResponse.refreshToken
    let _: KeyPath<SignupTokenResponse, String?> = \SignupTokenResponse.tokenType
    let _: KeyPath<SignupTokenResponse, Int?> = \SignupTokenResponse.expiresIn
}

func checklist_Flows_8_2_0(t: AuthToken, r5: ReachFive, profile: ProfileSignupRequest, pkce: Pkce, config: SdkConfig) {
    // ReachFivePassword.swift (LoginFlow as in 11.0) and the Future forms
    let _: (ReachFive) -> (ProfileSignupRequest, String?, [String]?, String?) -> Future<AuthToken, ReachFiveError> = ReachFive.signup(profile:redirectUrl:scope:origin:)
    let _: (ReachFive) -> (String?, String?, String?, String, [String]?, String?) -> Future<LoginFlow, ReachFiveError> = ReachFive.loginWithPassword(email:phoneNumber:customIdentifier:password:scope:origin:)
    // ReachFivePasswordLess.swift: String redirect URIs
    let _: PasswordLessRequest = .Email(email: "", redirectUri: "reachfive-x://callback")
    let _: PasswordLessRequest = .PhoneNumber(phoneNumber: "", redirectUri: "reachfive-x://callback")
    let _: (ReachFive) -> (PasswordLessRequest) -> Future<(), ReachFiveError> = ReachFive.startPasswordless(_:)
    let _: (ReachFive) -> (VerifyAuthCodeRequest) -> Future<AuthToken, ReachFiveError> = ReachFive.verifyPasswordlessCode(verifyAuthCodeRequest:)
    // ReachFiveProfile.swift
    let _: (ReachFive) -> (UpdatePasswordParams) -> Future<(), ReachFiveError> = ReachFive.updatePassword(_:)
    let _: (ReachFive) -> (String?, String?, String?) -> Future<(), ReachFiveError> = ReachFive.requestPasswordReset(email:phoneNumber:redirectUrl:)
    let _: (ReachFive) -> (String?, String?, String?, String?) -> Future<(), ReachFiveError> = ReachFive.requestAccountRecovery(email:phoneNumber:redirectUrl:origin:)
    // ReachFiveLogin.swift
    let _: (ReachFive) -> (String, [String]?, String?) -> Future<AuthToken, ReachFiveError> = ReachFive.loginCallback(tkn:scopes:origin:)
    // models/requests: 8.2's String initializers
    _ = { SignupRequest(clientId: "", data: profile, scope: "", redirectUrl: "https://a.example", origin: nil) }
    _ = { RequestPasswordResetRequest(clientId: "", email: nil, phoneNumber: nil, redirectUrl: "https://a.example") }
    _ = { RequestAccountRecoveryRequest(clientId: "", email: nil, phoneNumber: nil, redirectUrl: "https://a.example", origin: nil) }
    // models/requests/LoginCallback.swift
    _ = { LoginCallback(sdkConfig: config, scope: "", pkce: pkce, tkn: nil, origin: nil) }
    let _: KeyPath<LoginCallback, String> = \LoginCallback.clientId
    let _: KeyPath<LoginCallback, String> = \LoginCallback.responseType
    let _: KeyPath<LoginCallback, String> = \LoginCallback.redirectUri
    let _: KeyPath<LoginCallback, String> = \LoginCallback.scope
    let _: KeyPath<LoginCallback, String> = \LoginCallback.codeChallenge
    let _: KeyPath<LoginCallback, String> = \LoginCallback.codeChallengeMethod
    let _: KeyPath<LoginCallback, String?> = \LoginCallback.tkn
    let _: KeyPath<LoginCallback, String?> = \LoginCallback.origin
}

/// The 8.2 documentation's `AccessTokenParams` order, which no release declares (ReachFiveSeedPages).
func checklist_Flows_8_2_0_pages(t: AuthToken) {
    let _: UpdatePasswordParams = .AccessTokenParams(authToken: t, oldPassword: "", password: "")
}
