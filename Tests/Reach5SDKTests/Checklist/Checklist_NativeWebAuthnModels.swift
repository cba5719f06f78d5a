@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// The SDK's WebAuthn models (models/requests/webAuthn and models/responses/webAuthn), declared the
// same at 8.2.0 and 11.0.0: referenced once here for both tags' checklists (Checklist_Native.swift
// counts them in each tag's total).
func checklist_Native_webAuthnModels() {
    let assertion = R5AuthenticatorAssertionResponse(authenticatorData: "a", clientDataJSON: "c", signature: "s", userHandle: nil)
    let attestation = R5AuthenticatorAttestationResponse(attestationObject: "a", clientDataJSON: "c")
    let registration = RegistrationPublicKeyCredential(id: "i", rawId: "i", type: "public-key", response: attestation)
    let requestOptions = R5PublicKeyCredentialRequestOptions(
        challenge: "c", timeout: nil, rpId: "r", allowCredentials: nil, userVerification: "u")
    let creationOptions = R5PublicKeyCredentialCreationOptions(
        rp: R5PublicKeyCredentialRpEntity(id: "r", name: "n"), user: R5PublicKeyCredentialUserEntity(id: "u", displayName: "d", name: "n"),
        challenge: "c", pubKeyCredParams: [], timeout: nil, excludeCredentials: nil, authenticatorSelection: nil, attestation: "none")
    _ = (assertion, registration, requestOptions, creationOptions)
    // models/requests/webAuthn/AuthenticationPublicKeyCredential.swift
    let _: AuthenticationPublicKeyCredential.Type = AuthenticationPublicKeyCredential.self
    let _: KeyPath<AuthenticationPublicKeyCredential, String> = \AuthenticationPublicKeyCredential.id
    let _: KeyPath<AuthenticationPublicKeyCredential, String> = \AuthenticationPublicKeyCredential.rawId
    let _: KeyPath<AuthenticationPublicKeyCredential, String> = \AuthenticationPublicKeyCredential.type
    let _: KeyPath<AuthenticationPublicKeyCredential, R5AuthenticatorAssertionResponse> = \AuthenticationPublicKeyCredential.response
    _ = { AuthenticationPublicKeyCredential(id: "i", rawId: "i", type: "public-key", response: assertion) }
    // models/requests/webAuthn/R5AuthenticatorAssertionResponse.swift
    let _: R5AuthenticatorAssertionResponse.Type = R5AuthenticatorAssertionResponse.self
    let _: KeyPath<R5AuthenticatorAssertionResponse, String> = \R5AuthenticatorAssertionResponse.authenticatorData
    let _: KeyPath<R5AuthenticatorAssertionResponse, String> = \R5AuthenticatorAssertionResponse.clientDataJSON
    let _: KeyPath<R5AuthenticatorAssertionResponse, String> = \R5AuthenticatorAssertionResponse.signature
    let _: KeyPath<R5AuthenticatorAssertionResponse, String?> = \R5AuthenticatorAssertionResponse.userHandle
    _ = { R5AuthenticatorAssertionResponse(authenticatorData: "a", clientDataJSON: "c", signature: "s", userHandle: nil) }
    // models/requests/webAuthn/R5AuthenticatorAttestationResponse.swift
    let _: R5AuthenticatorAttestationResponse.Type = R5AuthenticatorAttestationResponse.self
    let _: KeyPath<R5AuthenticatorAttestationResponse, String> = \R5AuthenticatorAttestationResponse.attestationObject
    let _: KeyPath<R5AuthenticatorAttestationResponse, String> = \R5AuthenticatorAttestationResponse.clientDataJSON
    _ = { R5AuthenticatorAttestationResponse(attestationObject: "a", clientDataJSON: "c") }
    // models/requests/webAuthn/R5PublicKeyCredentialRequestOptions.swift
    let _: R5PublicKeyCredentialRequestOptions.Type = R5PublicKeyCredentialRequestOptions.self
    let _: KeyPath<R5PublicKeyCredentialRequestOptions, String> = \R5PublicKeyCredentialRequestOptions.challenge
    let _: KeyPath<R5PublicKeyCredentialRequestOptions, Int?> = \R5PublicKeyCredentialRequestOptions.timeout
    let _: KeyPath<R5PublicKeyCredentialRequestOptions, String> = \R5PublicKeyCredentialRequestOptions.rpId
    let _: KeyPath<R5PublicKeyCredentialRequestOptions, [R5PublicKeyCredentialDescriptor]?> =
        \R5PublicKeyCredentialRequestOptions.allowCredentials
    let _: KeyPath<R5PublicKeyCredentialRequestOptions, String> = \R5PublicKeyCredentialRequestOptions.userVerification
    _ = {
        R5PublicKeyCredentialRequestOptions(challenge: "c", timeout: nil, rpId: "r", allowCredentials: nil, userVerification: "preferred")
    }
    // models/requests/webAuthn/RegistrationPublicKeyCredential.swift
    let _: RegistrationPublicKeyCredential.Type = RegistrationPublicKeyCredential.self
    let _: KeyPath<RegistrationPublicKeyCredential, String> = \RegistrationPublicKeyCredential.id
    let _: KeyPath<RegistrationPublicKeyCredential, String> = \RegistrationPublicKeyCredential.rawId
    let _: KeyPath<RegistrationPublicKeyCredential, String> = \RegistrationPublicKeyCredential.type
    let _: KeyPath<RegistrationPublicKeyCredential, R5AuthenticatorAttestationResponse> = \RegistrationPublicKeyCredential.response
    _ = { RegistrationPublicKeyCredential(id: "i", rawId: "i", type: "public-key", response: attestation) }
    // models/requests/webAuthn/RegistrationRequest.swift
    let _: RegistrationRequest.Type = RegistrationRequest.self
    let _: KeyPath<RegistrationRequest, String> = \RegistrationRequest.origin
    let _: KeyPath<RegistrationRequest, String> = \RegistrationRequest.friendlyName
    _ = { RegistrationRequest(origin: "o", friendlyName: "f") }
    // models/requests/webAuthn/ResetOptions.swift
    let _: ResetOptions.Type = ResetOptions.self
    let _: KeyPath<ResetOptions, String?> = \ResetOptions.email
    let _: KeyPath<ResetOptions, String?> = \ResetOptions.phoneNumber
    let _: KeyPath<ResetOptions, String> = \ResetOptions.verificationCode
    let _: KeyPath<ResetOptions, String> = \ResetOptions.friendlyName
    let _: KeyPath<ResetOptions, String> = \ResetOptions.origin
    let _: KeyPath<ResetOptions, String> = \ResetOptions.clientId
    _ = { ResetOptions(email: nil, phoneNumber: nil, verificationCode: "1", friendlyName: "f", origin: "o", clientId: "c") }
    // models/requests/webAuthn/ResetPublicKeyCredential.swift
    let _: ResetPublicKeyCredential.Type = ResetPublicKeyCredential.self
    let _: KeyPath<ResetPublicKeyCredential, String?> = \ResetPublicKeyCredential.email
    let _: KeyPath<ResetPublicKeyCredential, String?> = \ResetPublicKeyCredential.phoneNumber
    let _: KeyPath<ResetPublicKeyCredential, String> = \ResetPublicKeyCredential.verificationCode
    let _: KeyPath<ResetPublicKeyCredential, String> = \ResetPublicKeyCredential.clientId
    let _: KeyPath<ResetPublicKeyCredential, RegistrationPublicKeyCredential> = \ResetPublicKeyCredential.publicKeyCredential
    _ = { ResetPublicKeyCredential(email: nil, phoneNumber: nil, verificationCode: "1", clientId: "c", publicKeyCredential: registration) }
    _ = {
        ResetPublicKeyCredential(
            resetOptions: ResetOptions(email: nil, phoneNumber: nil, verificationCode: "1", friendlyName: "f", origin: "o", clientId: "c"),
            publicKeyCredential: registration)
    }
    // models/requests/webAuthn/SignupOptions.swift
    let _: SignupOptions.Type = SignupOptions.self
    let _: KeyPath<SignupOptions, String> = \SignupOptions.origin
    let _: KeyPath<SignupOptions, String> = \SignupOptions.friendlyName
    let _: KeyPath<SignupOptions, ProfilePasskeySignupRequest> = \SignupOptions.profile
    let _: KeyPath<SignupOptions, String?> = \SignupOptions.clientId
    let _: KeyPath<SignupOptions, String> = \SignupOptions.scope
    _ = { SignupOptions(origin: "o", friendlyName: "f", profile: ProfilePasskeySignupRequest(), clientId: "c", scope: ["openid"]) }
    // models/requests/webAuthn/WebAuthnLoginRequest.swift
    let _: WebAuthnLoginRequest.Type = WebAuthnLoginRequest.self
    let _: KeyPath<WebAuthnLoginRequest, String> = \WebAuthnLoginRequest.clientId
    let _: KeyPath<WebAuthnLoginRequest, String> = \WebAuthnLoginRequest.origin
    let _: KeyPath<WebAuthnLoginRequest, String?> = \WebAuthnLoginRequest.email
    let _: KeyPath<WebAuthnLoginRequest, String?> = \WebAuthnLoginRequest.phoneNumber
    let _: KeyPath<WebAuthnLoginRequest, String> = \WebAuthnLoginRequest.scope
    _ = { WebAuthnLoginRequest(clientId: "c", origin: "o", scope: ["openid"]) }
    _ = { WebAuthnLoginRequest(clientId: "c", origin: "o", username: .Email("e"), scope: nil) }
    // models/requests/webAuthn/WebauthnSignupCredential.swift
    let _: WebauthnSignupCredential.Type = WebauthnSignupCredential.self
    let _: KeyPath<WebauthnSignupCredential, String> = \WebauthnSignupCredential.webauthnId
    let _: KeyPath<WebauthnSignupCredential, RegistrationPublicKeyCredential> = \WebauthnSignupCredential.publicKeyCredential
    _ = { WebauthnSignupCredential(webauthnId: "w", publicKeyCredential: registration) }
    // models/requests/webAuthn/ProfilePasskeySignupRequest.swift
    let _: ProfilePasskeySignupRequest.Type = ProfilePasskeySignupRequest.self
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.email
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.phoneNumber
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.customIdentifier
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.givenName
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.middleName
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.familyName
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.name
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.nickname
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.birthdate
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.profileURL
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.picture
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.username
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.gender
    let _: KeyPath<ProfilePasskeySignupRequest, [ProfileAddress]?> = \ProfilePasskeySignupRequest.addresses
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.locale
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.bio
    let _: KeyPath<ProfilePasskeySignupRequest, [String: CustomField]?> = \ProfilePasskeySignupRequest.customFields
    let _: KeyPath<ProfilePasskeySignupRequest, [String: Consent]?> = \ProfilePasskeySignupRequest.consents
    let _: KeyPath<ProfilePasskeySignupRequest, String?> = \ProfilePasskeySignupRequest.company
    let _: KeyPath<ProfilePasskeySignupRequest, Bool?> = \ProfilePasskeySignupRequest.liteOnly
    _ = {
        ProfilePasskeySignupRequest(
            email: "e", phoneNumber: nil, customIdentifier: nil, givenName: "g", middleName: nil, familyName: nil, name: nil, nickname: nil,
            birthdate: nil, profileURL: nil, picture: nil, username: nil, gender: nil, addresses: nil, locale: nil, bio: nil,
            customFields: nil, consents: nil, company: nil, liteOnly: nil)
    }
    // models/responses/webAuthn/AuthenticationOptions.swift
    let _: AuthenticationOptions.Type = AuthenticationOptions.self
    let _: KeyPath<AuthenticationOptions, R5PublicKeyCredentialRequestOptions> = \AuthenticationOptions.publicKey
    _ = { AuthenticationOptions(publicKey: requestOptions) }
    // models/responses/webAuthn/AuthenticationToken.swift
    let _: AuthenticationToken.Type = AuthenticationToken.self
    let _: KeyPath<AuthenticationToken, String> = \AuthenticationToken.tkn
    _ = { AuthenticationToken(tkn: "t") }
    // models/responses/webAuthn/CredentialCreationOptions.swift
    let _: CredentialCreationOptions.Type = CredentialCreationOptions.self
    let _: KeyPath<CredentialCreationOptions, R5PublicKeyCredentialCreationOptions> = \CredentialCreationOptions.publicKey
    _ = { CredentialCreationOptions(publicKey: creationOptions) }
    // models/responses/webAuthn/DeviceCredential.swift
    let _: DeviceCredential.Type = DeviceCredential.self
    let _: KeyPath<DeviceCredential, String> = \DeviceCredential.friendlyName
    let _: KeyPath<DeviceCredential, String> = \DeviceCredential.id
    _ = { DeviceCredential(friendlyName: "f", id: "i") }
    // models/responses/webAuthn/R5AuthenticatorSelectionCriteria.swift
    let _: R5AuthenticatorSelectionCriteria.Type = R5AuthenticatorSelectionCriteria.self
    let _: KeyPath<R5AuthenticatorSelectionCriteria, String?> = \R5AuthenticatorSelectionCriteria.authenticatorAttachment
    let _: KeyPath<R5AuthenticatorSelectionCriteria, Bool?> = \R5AuthenticatorSelectionCriteria.requireResidentKey
    let _: KeyPath<R5AuthenticatorSelectionCriteria, String?> = \R5AuthenticatorSelectionCriteria.residentKey
    let _: KeyPath<R5AuthenticatorSelectionCriteria, String?> = \R5AuthenticatorSelectionCriteria.userVerification
    _ = {
        R5AuthenticatorSelectionCriteria(
            authenticatorAttachment: nil, requireResidentKey: true, residentKey: "required", userVerification: nil)
    }
    // models/responses/webAuthn/R5PublicKeyCredentialCreationOptions.swift
    let _: R5PublicKeyCredentialCreationOptions.Type = R5PublicKeyCredentialCreationOptions.self
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, R5PublicKeyCredentialRpEntity> = \R5PublicKeyCredentialCreationOptions.rp
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, R5PublicKeyCredentialUserEntity> = \R5PublicKeyCredentialCreationOptions.user
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, String> = \R5PublicKeyCredentialCreationOptions.challenge
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, [R5PublicKeyCredentialParameter]> =
        \R5PublicKeyCredentialCreationOptions.pubKeyCredParams
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, Int?> = \R5PublicKeyCredentialCreationOptions.timeout
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, [R5PublicKeyCredentialDescriptor]?> =
        \R5PublicKeyCredentialCreationOptions.excludeCredentials
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, R5AuthenticatorSelectionCriteria?> =
        \R5PublicKeyCredentialCreationOptions.authenticatorSelection
    let _: KeyPath<R5PublicKeyCredentialCreationOptions, String> = \R5PublicKeyCredentialCreationOptions.attestation
    _ = {
        R5PublicKeyCredentialCreationOptions(
            rp: R5PublicKeyCredentialRpEntity(id: "r", name: "n"),
            user: R5PublicKeyCredentialUserEntity(id: "u", displayName: "d", name: "n"), challenge: "c",
            pubKeyCredParams: [R5PublicKeyCredentialParameter(alg: -7, type: "public-key")], timeout: nil, excludeCredentials: nil,
            authenticatorSelection: nil, attestation: "none")
    }
    // models/responses/webAuthn/R5PublicKeyCredentialDescriptor.swift
    let _: R5PublicKeyCredentialDescriptor.Type = R5PublicKeyCredentialDescriptor.self
    let _: KeyPath<R5PublicKeyCredentialDescriptor, String> = \R5PublicKeyCredentialDescriptor.type
    let _: KeyPath<R5PublicKeyCredentialDescriptor, String> = \R5PublicKeyCredentialDescriptor.id
    let _: KeyPath<R5PublicKeyCredentialDescriptor, [String]?> = \R5PublicKeyCredentialDescriptor.transports
    _ = { R5PublicKeyCredentialDescriptor(type: "public-key", id: "i") }
    // models/responses/webAuthn/R5PublicKeyCredentialParameter.swift
    let _: R5PublicKeyCredentialParameter.Type = R5PublicKeyCredentialParameter.self
    let _: KeyPath<R5PublicKeyCredentialParameter, Int> = \R5PublicKeyCredentialParameter.alg
    let _: KeyPath<R5PublicKeyCredentialParameter, String> = \R5PublicKeyCredentialParameter.type
    _ = { R5PublicKeyCredentialParameter(alg: -7, type: "public-key") }
    // models/responses/webAuthn/R5PublicKeyCredentialRpEntity.swift
    let _: R5PublicKeyCredentialRpEntity.Type = R5PublicKeyCredentialRpEntity.self
    let _: KeyPath<R5PublicKeyCredentialRpEntity, String> = \R5PublicKeyCredentialRpEntity.id
    let _: KeyPath<R5PublicKeyCredentialRpEntity, String> = \R5PublicKeyCredentialRpEntity.name
    _ = { R5PublicKeyCredentialRpEntity(id: "r", name: "n") }
    // models/responses/webAuthn/R5PublicKeyCredentialUserEntity.swift
    let _: R5PublicKeyCredentialUserEntity.Type = R5PublicKeyCredentialUserEntity.self
    let _: KeyPath<R5PublicKeyCredentialUserEntity, String> = \R5PublicKeyCredentialUserEntity.id
    let _: KeyPath<R5PublicKeyCredentialUserEntity, String> = \R5PublicKeyCredentialUserEntity.displayName
    let _: KeyPath<R5PublicKeyCredentialUserEntity, String> = \R5PublicKeyCredentialUserEntity.name
    _ = { R5PublicKeyCredentialUserEntity(id: "u", displayName: "d", name: "n") }
    // models/responses/webAuthn/RegistrationOptions.swift
    let _: RegistrationOptions.Type = RegistrationOptions.self
    let _: KeyPath<RegistrationOptions, String> = \RegistrationOptions.friendlyName
    let _: KeyPath<RegistrationOptions, CredentialCreationOptions> = \RegistrationOptions.options
    _ = { RegistrationOptions(friendlyName: "f", options: CredentialCreationOptions(publicKey: creationOptions)) }
}
