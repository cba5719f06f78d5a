import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The public symbols of the native area (passkeys, the modal sheet, session devices), read from
// the SDK's source at each tag: ReachFiveNative.swift, Presentation.swift (11.0),
// ReachFiveSessionDevice.swift and models/SessionDevicesResponse.swift (11.0), ReachFiveProfile.swift's
// passkey methods, models/requests/webAuthn/*.swift and models/responses/webAuthn/*.swift.
// Counts (one reference per type, property, initializer, method and case): 8.2.0: 192, 11.0.0: 214.
// Not referenced: `AccountRecoveryResponse` (declared in ResetPasskeyRequest.swift; the flows
// checklist covers it).

func checklist_Native_8_2_0() {
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
    let r = AppDelegate.reachfive()
    // CredentialManager.swift (public at 8.2 only): the sheet's delegate and context provider
    let manager = CredentialManager(reachFiveApi: ReachFiveApi?.none!, storage: UserDefaultsStorage())
    let _: NSObject = manager
    let _: (ASAuthorizationController) -> ASPresentationAnchor = manager.presentationAnchor(for:)
    let _: (ASAuthorizationController, ASAuthorization) -> Void = manager.authorizationController(controller:didCompleteWithAuthorization:)
    let _: (ASAuthorizationController, Error) -> Void = manager.authorizationController(controller:didCompleteWithError:)
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
    let _: KeyPath<NativeLoginRequest, HeadlessPresentation> = \NativeLoginRequest.anchor
    let _: KeyPath<NewPasskeyRequest, HeadlessPresentation> = \NewPasskeyRequest.anchor
    let _: KeyPath<PasskeySignupRequest, HeadlessPresentation> = \PasskeySignupRequest.anchor
    let _: KeyPath<ResetPasskeyRequest, HeadlessPresentation> = \ResetPasskeyRequest.anchor
    _ = { NativeLoginRequest(anchor: p, originWebAuthn: nil, scopes: nil, origin: nil) }
    _ = { NewPasskeyRequest(anchor: p, friendlyName: "f", originWebAuthn: nil, origin: nil) }
    _ = {
        PasskeySignupRequest(
            passkeyProfile: ProfilePasskeySignupRequest(), friendlyName: "f", anchor: p, originWebAuthn: nil, scopes: nil, origin: nil)
    }
    _ = {
        ResetPasskeyRequest(
            verificationCode: "1", friendlyName: "f", anchor: p, email: nil, phoneNumber: nil, originWebAuthn: nil, origin: nil)
    }
    // ReachFiveNative.swift (Futures)
    let _: (PasskeySignupRequest) -> Future<AuthToken, ReachFiveError> = r.signup(withRequest:)
    let _: (NativeLoginRequest) -> Future<AuthToken, ReachFiveError> = r.beginAutoFillAssistedPasskeyLogin(withRequest:)
    let _: (NativeLoginRequest, [ModalAuthorization], Mode) -> Future<LoginFlow, ReachFiveError> =
        r.login(withRequest:usingModalAuthorizationFor:display:)
    let _: (Username, NativeLoginRequest, [NonDiscoverableAuthorization], Mode) -> Future<AuthToken, ReachFiveError> =
        r.login(withNonDiscoverableUsername:forRequest:usingModalAuthorizationFor:display:)
    let _: (NewPasskeyRequest, AuthToken) -> Future<(), ReachFiveError> = r.registerNewPasskey(withRequest:authToken:)
    let _: (ResetPasskeyRequest) -> Future<(), ReachFiveError> = r.resetPasskeys(withRequest:)
    // ReachFiveProfile.swift: the passkeys of a profile
    let _: (AuthToken) -> Future<[DeviceCredential], ReachFiveError> = r.listWebAuthnCredentials(authToken:)
    let _: (String, AuthToken) -> Future<(), ReachFiveError> = r.deleteWebAuthnRegistration(id:authToken:)
    // The WebAuthn models (models/requests/webAuthn, models/responses/webAuthn) are the same at both
    // tags: Checklist_NativeWebAuthnModels.swift references them once for both.
}
