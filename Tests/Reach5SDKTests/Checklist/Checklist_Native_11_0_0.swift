@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The native area's public symbols at 11.0.0 (the count and sources: Checklist_Native.swift).

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Native_shared() async {
    let p = HeadlessPresentation?.none!
    let assertion = R5AuthenticatorAssertionResponse(authenticatorData: "a", clientDataJSON: "c", signature: "s", userHandle: nil)
    let attestation = R5AuthenticatorAttestationResponse(attestationObject: "a", clientDataJSON: "c")
    let registration = RegistrationPublicKeyCredential(id: "i", rawId: "i", type: "public-key", response: attestation)
    let requestOptions = R5PublicKeyCredentialRequestOptions(
        challenge: "c", timeout: nil, rpId: "r", allowCredentials: nil, userVerification: "u")
    let creationOptions = R5PublicKeyCredentialCreationOptions(
        rp: R5PublicKeyCredentialRpEntity(id: "r", name: "n"), user: R5PublicKeyCredentialUserEntity(id: "u", displayName: "d", name: "n"),
        challenge: "c", pubKeyCredParams: [], timeout: nil, excludeCredentials: nil, authenticatorSelection: nil, attestation: "none")
    _ = (p, assertion, registration, requestOptions, creationOptions)
    // models/requests/webAuthn/NativeLoginRequest.swift, NewPasskeyRequest.swift, PasskeySignupRequest.swift, ResetPasskeyRequest.swift
    let _: NativeLoginRequest.Type = NativeLoginRequest.self
    let _: KeyPath<NativeLoginRequest, String?> = \NativeLoginRequest.originWebAuthn
    let _: KeyPath<NativeLoginRequest, [String]?> = \NativeLoginRequest.scopes
    let _: KeyPath<NativeLoginRequest, String?> = \NativeLoginRequest.origin
    let _: NewPasskeyRequest.Type = NewPasskeyRequest.self
    let _: KeyPath<NewPasskeyRequest, String?> = \NewPasskeyRequest.originWebAuthn
    let _: KeyPath<NewPasskeyRequest, String?> = \NewPasskeyRequest.origin
    let _: KeyPath<NewPasskeyRequest, String> = \NewPasskeyRequest.friendlyName
    let _: PasskeySignupRequest.Type = PasskeySignupRequest.self
    let _: KeyPath<PasskeySignupRequest, ProfilePasskeySignupRequest> = \PasskeySignupRequest.passkeyProfile
    let _: KeyPath<PasskeySignupRequest, String> = \PasskeySignupRequest.friendlyName
    let _: KeyPath<PasskeySignupRequest, String?> = \PasskeySignupRequest.originWebAuthn
    let _: KeyPath<PasskeySignupRequest, [String]?> = \PasskeySignupRequest.scopes
    let _: KeyPath<PasskeySignupRequest, String?> = \PasskeySignupRequest.origin
    let _: ResetPasskeyRequest.Type = ResetPasskeyRequest.self
    let _: KeyPath<ResetPasskeyRequest, String?> = \ResetPasskeyRequest.email
    let _: KeyPath<ResetPasskeyRequest, String?> = \ResetPasskeyRequest.phoneNumber
    let _: KeyPath<ResetPasskeyRequest, String> = \ResetPasskeyRequest.verificationCode
    let _: KeyPath<ResetPasskeyRequest, String?> = \ResetPasskeyRequest.originWebAuthn
    let _: KeyPath<ResetPasskeyRequest, String?> = \ResetPasskeyRequest.origin
    let _: KeyPath<ResetPasskeyRequest, String> = \ResetPasskeyRequest.friendlyName
    // ReachFiveNative.swift: the enums
    let _: Username = .Unspecified("u")
    let _: Username = .Email("e")
    let _: Username = .PhoneNumber("p")
    let _: ModalAuthorization = .Password
    let _: ModalAuthorization = .SignInWithApple
    let _: ModalAuthorization = .Passkey
    let _: NonDiscoverableAuthorization = .Passkey
    let _: Mode = .Always
    let _: Mode = .IfImmediatelyAvailableCredentials
    // Presentation.swift
    let _: Presentation.Type = Presentation.self
    _ = { Presentation(from: p) }
    let _: (Presentation) -> () throws -> HeadlessPresentation = Presentation.presentingViewController
    let _: (Presentation) -> () -> HeadlessPresentation = Presentation.anchor
    let _: (Presentation) -> () throws -> HeadlessPresentation = Presentation.webAuthContextProvider
    // The WebAuthn models (models/requests/webAuthn, models/responses/webAuthn) are the same at both
    // tags: Checklist_NativeWebAuthnModels.swift references them once for both.
}

func checklist_Native_11_0_0() async {
    let p = HeadlessPresentation?.none!
    let _: KeyPath<NativeLoginRequest, Presentation> = \NativeLoginRequest.presenting
    let _: KeyPath<NewPasskeyRequest, Presentation> = \NewPasskeyRequest.presenting
    let _: KeyPath<PasskeySignupRequest, Presentation> = \PasskeySignupRequest.presenting
    let _: KeyPath<ResetPasskeyRequest, Presentation> = \ResetPasskeyRequest.presenting
    _ = { NativeLoginRequest(presenting: Presentation(from: p), originWebAuthn: nil, scopes: nil, origin: nil) }
    _ = { NewPasskeyRequest(presenting: Presentation(from: p), friendlyName: "f", originWebAuthn: nil, origin: nil) }
    _ = {
        PasskeySignupRequest(
            passkeyProfile: ProfilePasskeySignupRequest(), friendlyName: "f", presenting: Presentation(from: p), originWebAuthn: nil,
            scopes: nil, origin: nil)
    }
    _ = {
        ResetPasskeyRequest(
            verificationCode: "1", friendlyName: "f", presenting: Presentation(from: p), email: nil, phoneNumber: nil, originWebAuthn: nil,
            origin: nil)
    }
    // ReachFiveNative.swift (async)
    let _: (ReachFive) -> (PasskeySignupRequest) async throws -> AuthToken = ReachFive.signup(withRequest:)
    let _: (ReachFive) -> (NativeLoginRequest) async throws -> AuthToken = ReachFive.beginAutoFillAssistedPasskeyLogin(withRequest:)
    let _: (ReachFive) -> (NativeLoginRequest, [ModalAuthorization], Mode) async throws -> LoginFlow =
        ReachFive.login(withRequest:usingModalAuthorizationFor:display:)
    let _: (ReachFive) -> (Username, NativeLoginRequest, [NonDiscoverableAuthorization], Mode) async throws -> AuthToken =
        ReachFive.login(withNonDiscoverableUsername:forRequest:usingModalAuthorizationFor:display:)
    let _: (ReachFive) -> (NewPasskeyRequest, AuthToken) async throws -> Void = ReachFive.registerNewPasskey(withRequest:authToken:)
    let _: (ReachFive) -> (ResetPasskeyRequest) async throws -> Void = ReachFive.resetPasskeys(withRequest:)
    let _: (ReachFive) -> (String?) throws -> String = ReachFive.originWebAuthn(overriddenBy:)
    // ReachFiveProfile.swift: the passkeys of a profile
    let _: (ReachFive) -> (AuthToken) async throws -> [DeviceCredential] = ReachFive.listWebAuthnCredentials(authToken:)
    let _: (ReachFive) -> (String, AuthToken) async throws -> Void = ReachFive.deleteWebAuthnRegistration(id:authToken:)
    // ReachFiveSessionDevice.swift, models/SessionDevicesResponse.swift
    let _: (ReachFive) -> (AuthToken) async throws -> [SessionDevice] = ReachFive.listSessionDevices(authToken:)
    let _: (ReachFive) -> (String, AuthToken) async throws -> Void = ReachFive.deleteSessionDevice(id:authToken:)
    let _: ListSessionDevices.Type = ListSessionDevices.self
    let _: KeyPath<ListSessionDevices, [SessionDevice]> = \ListSessionDevices.sessionDevices
    _ = { ListSessionDevices(sessionDevices: []) }
    let _: SessionDeviceTokenType = .rt
    let _: SessionDeviceTokenType = .st
    let _: SessionDevice.Type = SessionDevice.self
    let _: KeyPath<SessionDevice, String> = \SessionDevice.id
    let _: KeyPath<SessionDevice, SessionDeviceTokenType> = \SessionDevice.tokenType
    let _: KeyPath<SessionDevice, String> = \SessionDevice.ip
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.country
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.city
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.operatingSystem
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.userAgentName
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.deviceClass
    let _: KeyPath<SessionDevice, String?> = \SessionDevice.deviceName
    let _: KeyPath<SessionDevice, String> = \SessionDevice.createdAt
    let _: KeyPath<SessionDevice, String> = \SessionDevice.lastConnection
    let _: KeyPath<SessionDevice, String> = \SessionDevice.expiresAt
    _ = { SessionDevice(id: "i", tokenType: .rt, ip: "127.0.0.1", createdAt: "c", lastConnection: "l", expiresAt: "e") }
}
