import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The MFA area's public API at 8.2.0 and 11.0.0, referenced with full types (this file only has to
// compile). SDK files: Sources/Core/Classes/ReachFiveMfa.swift, models/requests/MfaCredentialsRequest.swift,
// models/requests/MfaStepUpRequest.swift, models/responses/TknMfa.swift,
// models/responses/trustedDevices/TrustedDevice.swift, and ReachFive.swift's MfaCredentialRegistrationCallback.
//
// Public symbols (types, cases, initializers, methods, properties, typealiases; `dictionary()` from
// DictionaryEncodable not counted):
//   11.0.0: 126  (ReachFiveMfa.swift 32, MfaCredentialsRequest.swift 43, MfaStepUpRequest.swift 30,
//                 TknMfa.swift 3, TrustedDevice.swift 17, the callback typealias 1)
//   8.2.0:  119  (ReachFiveMfa.swift 32, MfaCredentialsRequest.swift 37, MfaStepUpRequest.swift 29,
//                 TknMfa.swift 3, TrustedDevice.swift 17, the callback typealias 1)
// Symbols the two tags share are referenced once, in checklist_Mfa_shared; the 8.2.0 function holds
// what 8.2 declares otherwise (String redirects, Future forms, initializers without 11.0's
// parameters); the 8.2 documentation's own spellings are in checklist_Mfa_8_2_0_pages.
// Not reproducible in one module beside 11.0 (reported, not referenced): 8.2's String-typed stored
// properties `MfaStartEmailRegistrationRequest.redirectUrl`, `StartMfaStepUpRequest.redirectUri` and
// `StartMfaPasswordlessRequest.redirectUri` (11.0 made them URL; 8.2's String initializers exist, failable
// where the SDK's were not: a string that is not a URL has no URL form).

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Mfa_shared(token t: AuthToken, item: MfaCredentialItem, reg: ContinueRegistration, device: TrustedDevice) {
    // ReachFiveMfa.swift: CredentialType, Credential
    let _: CredentialType = .Email
    let _: CredentialType = .PhoneNumber
    let _: Credential = .Email(redirectUrl: URL(string: "app://mfa"))
    let _: Credential = .Email()
    let _: Credential = .PhoneNumber("+33612345678")
    let _: KeyPath<Credential, CredentialType> = \Credential.credentialType
    // ReachFiveMfa.swift: StartStepUp
    let _: StartStepUp = .AuthTokenFlow(
        authType: .email, authToken: t, redirectUri: URL(string: "app://cb"), scope: ["openid"], origin: "o", action: "a")
    let _: StartStepUp = .AuthTokenFlow(authType: .sms, authToken: t)
    let _: StartStepUp = .LoginFlow(authType: .email, stepUpToken: "s", redirectUri: URL(string: "app://cb"), origin: "o")
    let _: StartStepUp = .LoginFlow(authType: .sms, stepUpToken: "s")
    let _: KeyPath<StartStepUp, MfaCredentialItemType> = \StartStepUp.authType
    // ReachFiveMfa.swift: ContinueStepUp, VerifyStepUp
    let _: KeyPath<ContinueStepUp, String> = \ContinueStepUp.challengeId
    let _: KeyPath<ContinueStepUp, ReachFive> = \ContinueStepUp.reachfive
    _ = { VerifyStepUp(challengeId: "c", verificationCode: "1", trustDevice: true) }
    _ = { VerifyStepUp(challengeId: "c", verificationCode: "1") }
    // ReachFiveMfa.swift: ContinueRegistration, MfaStartRegistrationResponse
    let _: KeyPath<ContinueRegistration, CredentialType> = \ContinueRegistration.credentialType
    let _: MfaStartRegistrationResponse = .Success(item)
    let _: MfaStartRegistrationResponse = .VerificationNeeded(reg)
    // ReachFiveMfa.swift: ReachFive's MFA methods
    let _: (ReachFive) -> (@escaping MfaCredentialRegistrationCallback) -> Void =
        ReachFive.addMfaCredentialRegistrationCallback(mfaCredentialRegistrationCallback:)
    // ReachFive.swift: the callback type
    let _: MfaCredentialRegistrationCallback = { (_: Result<Void, ReachFiveError>) in }

    // MfaCredentialsRequest.swift: registration requests
    _ = { MfaStartEmailRegistrationRequest(redirectUrl: URL(string: "app://mfa"), action: "a", trustDevice: true) }
    _ = { MfaStartEmailRegistrationRequest() }
    let _: KeyPath<MfaStartEmailRegistrationRequest, URL?> = \MfaStartEmailRegistrationRequest.redirectUrl
    _ = { MfaStartPhoneRegistrationRequest(phoneNumber: "+1", action: "a", trustDevice: true) }
    let _: KeyPath<MfaStartPhoneRegistrationRequest, String> = \MfaStartPhoneRegistrationRequest.phoneNumber
    _ = { MfaVerifyEmailRegistrationPostRequest("123456", trustDevice: true) }
    let _: KeyPath<MfaVerifyEmailRegistrationPostRequest, String> = \MfaVerifyEmailRegistrationPostRequest.verificationCode
    _ = { MfaVerifyEmailRegistrationGetRequest(c: "c", t: "t") }
    let _: KeyPath<MfaVerifyEmailRegistrationGetRequest, String> = \MfaVerifyEmailRegistrationGetRequest.c
    let _: KeyPath<MfaVerifyEmailRegistrationGetRequest, String> = \MfaVerifyEmailRegistrationGetRequest.t
    _ = { MfaVerifyPhoneRegistrationRequest("123456", trustDevice: true) }
    let _: KeyPath<MfaVerifyPhoneRegistrationRequest, String> = \MfaVerifyPhoneRegistrationRequest.verificationCode
    // MfaCredentialsRequest.swift: responses and enums
    _ = { MfaStartCredentialRegistrationResponse(status: "enabled", credential: item) }
    let _: KeyPath<MfaStartCredentialRegistrationResponse, String> = \MfaStartCredentialRegistrationResponse.status
    let _: KeyPath<MfaStartCredentialRegistrationResponse, MfaCredentialItem?> = \MfaStartCredentialRegistrationResponse.credential
    let _: [Status] = [.emailSent, .enabled, .smsSent]
    let _: [MfaCredentialItemType] = [.email, .sms]
    _ = { MfaCredentialItem(createdAt: "2024", friendlyName: "f", type: .sms, phoneNumber: "+1", email: nil) }
    let _: KeyPath<MfaCredentialItem, String> = \MfaCredentialItem.createdAt
    let _: KeyPath<MfaCredentialItem, String> = \MfaCredentialItem.friendlyName
    let _: KeyPath<MfaCredentialItem, String?> = \MfaCredentialItem.phoneNumber
    let _: KeyPath<MfaCredentialItem, String?> = \MfaCredentialItem.email
    let _: KeyPath<MfaCredentialItem, MfaCredentialItemType> = \MfaCredentialItem.type
    _ = { MfaCredentialsListResponse(credentials: [item]) }
    let _: KeyPath<MfaCredentialsListResponse, [MfaCredentialItem]> = \MfaCredentialsListResponse.credentials

    // MfaStepUpRequest.swift
    _ = {
        StartMfaStepUpRequest(
            clientId: "c", redirectUri: URL(string: "app://cb")!, pkce: Pkce.generate(), scope: "openid", tkn: "t", action: "a")
    }
    let _: KeyPath<StartMfaStepUpRequest, String> = \StartMfaStepUpRequest.responseType
    let _: KeyPath<StartMfaStepUpRequest, String> = \StartMfaStepUpRequest.clientId
    let _: KeyPath<StartMfaStepUpRequest, URL> = \StartMfaStepUpRequest.redirectUri
    let _: KeyPath<StartMfaStepUpRequest, String> = \StartMfaStepUpRequest.codeChallenge
    let _: KeyPath<StartMfaStepUpRequest, String> = \StartMfaStepUpRequest.codeChallengeMethod
    let _: KeyPath<StartMfaStepUpRequest, String?> = \StartMfaStepUpRequest.scope
    let _: KeyPath<StartMfaStepUpRequest, String?> = \StartMfaStepUpRequest.tkn
    _ = { StartMfaStepUpResponse(amr: [.email], token: "t") }
    let _: KeyPath<StartMfaStepUpResponse, [MfaCredentialItemType]> = \StartMfaStepUpResponse.amr
    let _: KeyPath<StartMfaStepUpResponse, String> = \StartMfaStepUpResponse.token
    _ = { StartMfaPasswordlessRequest(redirectUri: URL(string: "app://cb")!, clientId: "c", stepUp: "s", authType: .sms, origin: nil) }
    let _: KeyPath<StartMfaPasswordlessRequest, String> = \StartMfaPasswordlessRequest.responseType
    let _: KeyPath<StartMfaPasswordlessRequest, URL> = \StartMfaPasswordlessRequest.redirectUri
    let _: KeyPath<StartMfaPasswordlessRequest, String> = \StartMfaPasswordlessRequest.clientId
    let _: KeyPath<StartMfaPasswordlessRequest, String> = \StartMfaPasswordlessRequest.stepUp
    let _: KeyPath<StartMfaPasswordlessRequest, MfaCredentialItemType> = \StartMfaPasswordlessRequest.authType
    let _: KeyPath<StartMfaPasswordlessRequest, String?> = \StartMfaPasswordlessRequest.origin
    _ = { StartMfaPasswordlessResponse(challengeId: "c") }
    let _: KeyPath<StartMfaPasswordlessResponse, String> = \StartMfaPasswordlessResponse.challengeId
    _ = { VerifyMfaPasswordlessRequest(challengeId: "c", verificationCode: "1", trustDevice: nil) }
    let _: KeyPath<VerifyMfaPasswordlessRequest, String> = \VerifyMfaPasswordlessRequest.challengeId
    let _: KeyPath<VerifyMfaPasswordlessRequest, String> = \VerifyMfaPasswordlessRequest.verificationCode
    let _: KeyPath<VerifyMfaPasswordlessRequest, Bool?> = \VerifyMfaPasswordlessRequest.trustDevice

    // TknMfa.swift
    let _: TknMfa.Type = TknMfa.self
    let _: KeyPath<TknMfa, String> = \TknMfa.tkn
    let _: KeyPath<TknMfa, Bool?> = \TknMfa.mfaRequired

    // TrustedDevice.swift
    let _: KeyPath<MfaListTrustedDevices, [TrustedDevice]> = \MfaListTrustedDevices.trustedDevices
    let metadata = DeviceMetadata(ip: "127.0.0.1", operatingSystem: "Linux", userAgent: "ua", deviceClass: "desktop", deviceName: "ci")
    _ = { TrustedDevice(id: "d", userId: "u", createdAt: "2024", metadata: metadata) }
    let _: KeyPath<TrustedDevice, String> = \TrustedDevice.id
    let _: KeyPath<TrustedDevice, String> = \TrustedDevice.userId
    let _: KeyPath<TrustedDevice, String> = \TrustedDevice.createdAt
    let _: KeyPath<TrustedDevice, DeviceMetadata> = \TrustedDevice.metadata
    let _: (inout Hasher) -> Void = device.hash(into:)
    let _: (TrustedDevice, TrustedDevice) -> Bool = (==)
    let _: KeyPath<DeviceMetadata, String?> = \DeviceMetadata.ip
    let _: KeyPath<DeviceMetadata, String?> = \DeviceMetadata.operatingSystem
    let _: KeyPath<DeviceMetadata, String?> = \DeviceMetadata.userAgent
    let _: KeyPath<DeviceMetadata, String?> = \DeviceMetadata.deviceClass
    let _: KeyPath<DeviceMetadata, String?> = \DeviceMetadata.deviceName
}

func checklist_Mfa_11_0_0(token t: AuthToken, item: MfaCredentialItem, reg: ContinueRegistration, device: TrustedDevice) {
    let _: (ContinueStepUp) -> (String, Bool?) async throws -> AuthToken = ContinueStepUp.verify(code:trustDevice:)
    let _: (ContinueRegistration) -> (String, AuthToken?, Bool?) async throws -> MfaCredentialItem =
        ContinueRegistration.verify(code:freshAuthToken:freshTrustDevice:)
    let _: (ReachFive) -> (Credential, AuthToken, String?, Bool) async throws -> MfaStartRegistrationResponse =
        ReachFive.mfaStart(registering:authToken:action:trustDevice:)
    let _: (ReachFive) -> (CredentialType, String, AuthToken, Bool) async throws -> MfaCredentialItem =
        ReachFive.mfaVerify(_:code:authToken:trustDevice:)
    let _: (ReachFive) -> (AuthToken) async throws -> MfaCredentialsListResponse = ReachFive.mfaListCredentials(authToken:)
    let _: (ReachFive) -> (StartStepUp) async throws -> ContinueStepUp = ReachFive.mfaStart(stepUp:)
    let _: (ReachFive) -> (VerifyStepUp) async throws -> AuthToken = ReachFive.mfaVerify(stepUp:)
    let _: (ReachFive) -> (String?, AuthToken) async throws -> Void = ReachFive.mfaDeleteCredential(_:authToken:)
    let _: (ReachFive) -> (AuthToken) async throws -> [TrustedDevice] = ReachFive.mfaListTrustedDevices(authToken:)
    let _: (ReachFive) -> (String, AuthToken) async throws -> Void = ReachFive.mfaDelete(trustedDeviceId:authToken:)
    let _: KeyPath<MfaStartEmailRegistrationRequest, String?> = \MfaStartEmailRegistrationRequest.action
    let _: KeyPath<MfaStartEmailRegistrationRequest, Bool> = \MfaStartEmailRegistrationRequest.trustDevice
    let _: KeyPath<MfaStartPhoneRegistrationRequest, String?> = \MfaStartPhoneRegistrationRequest.action
    let _: KeyPath<MfaStartPhoneRegistrationRequest, Bool> = \MfaStartPhoneRegistrationRequest.trustDevice
    let _: KeyPath<MfaVerifyEmailRegistrationPostRequest, Bool> = \MfaVerifyEmailRegistrationPostRequest.trustDevice
    let _: KeyPath<MfaVerifyPhoneRegistrationRequest, Bool> = \MfaVerifyPhoneRegistrationRequest.trustDevice
    let _: KeyPath<StartMfaStepUpRequest, String?> = \StartMfaStepUpRequest.action
}

func checklist_Mfa_8_2_0(token t: AuthToken, reg: ContinueRegistration, step: ContinueStepUp) {
    // ReachFiveMfa.swift: the String-typed redirects of 8.2's cases
    let _: Credential = .Email(redirectUrl: "app://mfa")
    let _: StartStepUp = .AuthTokenFlow(authType: .email, authToken: t, redirectUri: "app://cb", scope: ["openid"], origin: "o")
    let _: StartStepUp = .LoginFlow(authType: .sms, stepUpToken: "s", redirectUri: "app://cb", origin: "o")
    // ReachFiveMfa.swift: the Future forms
    let _: (ContinueStepUp) -> (String, Bool?) -> Future<AuthToken, ReachFiveError> = ContinueStepUp.verify(code:trustDevice:)
    let _: (ContinueRegistration) -> (String, AuthToken?) -> Future<MfaCredentialItem, ReachFiveError> =
        ContinueRegistration.verify(code:freshAuthToken:)
    let _: (ReachFive) -> (Credential, AuthToken) -> Future<MfaStartRegistrationResponse, ReachFiveError> =
        ReachFive.mfaStart(registering:authToken:)
    let _: (ReachFive) -> (CredentialType, String, AuthToken) -> Future<MfaCredentialItem, ReachFiveError> =
        ReachFive.mfaVerify(_:code:authToken:)
    let _: (ReachFive) -> (AuthToken) -> Future<MfaCredentialsListResponse, ReachFiveError> = ReachFive.mfaListCredentials(authToken:)
    let _: (ReachFive) -> (StartStepUp) -> Future<ContinueStepUp, ReachFiveError> = ReachFive.mfaStart(stepUp:)
    let _: (ReachFive) -> (VerifyStepUp) -> Future<AuthToken, ReachFiveError> = ReachFive.mfaVerify(stepUp:)
    let _: (ReachFive) -> (String?, AuthToken) -> Future<Void, ReachFiveError> = ReachFive.mfaDeleteCredential(_:authToken:)
    let _: (ReachFive) -> (AuthToken) -> Future<[TrustedDevice], ReachFiveError> = ReachFive.mfaListTrustedDevices(authToken:)
    let _: (ReachFive) -> (String, AuthToken) -> Future<Void, ReachFiveError> = ReachFive.mfaDelete(trustedDeviceId:authToken:)
    // MfaCredentialsRequest.swift: 8.2's initializers
    _ = { MfaStartEmailRegistrationRequest(redirectUrl: "app://mfa") }
    _ = { MfaStartPhoneRegistrationRequest(phoneNumber: "+1") }
    _ = { MfaVerifyEmailRegistrationPostRequest("123456") }
    _ = { MfaVerifyPhoneRegistrationRequest("123456") }
    // MfaStepUpRequest.swift: 8.2's String redirect initializer
    _ = { StartMfaStepUpRequest(clientId: "c", redirectUri: "app://cb", pkce: Pkce.generate(), scope: "openid", tkn: "t") }
    _ = { StartMfaPasswordlessRequest(redirectUri: "app://cb", clientId: "c", stepUp: "s", authType: .email, origin: nil) }
}

/// The 8.2 documentation's spellings (its examples), which no release declares: public under the
/// ReachFiveSeedPages trait (`.ci/release-traits` builds this function with it).
func checklist_Mfa_8_2_0_pages(token t: AuthToken) {
    let _: Credential = .Email(redirectUri: "app://mfa")
    let _: Credential = .PhoneNumber(phoneNumber: "+1")
    let _: StartStepUp = StartStepUp.AuthTokenFlow(authType: "email", scope: ["openid"], authToken: t)
    let _: StartStepUp = StartStepUp.LoginFlow(authType: "email", stepUpToken: "s", origin: "o", redirectUri: "https://x/cb")
    let _: VerifyStepUp = stepUp(challengeId: "c", verificationCode: "1", trustDevice: true)
    let _: (ReachFive) -> (Credential, AuthToken) -> Future<MfaStartRegistrationResponse, ReachFiveError> = ReachFive.mfaStart(_:authToken:)
    let _: (ReachFive) -> (CredentialType, AuthToken, String) -> Future<MfaCredentialItem, ReachFiveError> =
        ReachFive.mfaVerify(_:authToken:code:)
    let _: (ReachFive) -> (String, AuthToken) -> Future<Void, ReachFiveError> = ReachFive.mfaDeleteCredential(phoneNumber:authToken:)
    let _: (ReachFive) -> (VerifyStepUp) -> Future<AuthToken, ReachFiveError> = ReachFive.mfaStart(_:)
}
