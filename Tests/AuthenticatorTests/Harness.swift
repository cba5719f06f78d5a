import Foundation
import LatchkeyCrypto

@testable import Authenticator
@testable import WebAuthn

/// Builds options and parses outputs the way an RP would, so tests read bytes, not our inputs.
struct Harness {
    let client: WebAuthnClient
    var authenticator: SoftwareAuthenticator { client.authenticator }
    let origin = "https://login.example.com"
    let rpId = "example.com"

    init(
        profile: AuthenticatorProfile = .icloud, uv: UserVerification = FixedUserVerification.always,
        overrides: ResponseOverrides = .init(), store: CredentialStore = InMemoryCredentialStore()
    ) throws {
        client = WebAuthnClient(
            authenticator: try SoftwareAuthenticator(profile: profile, store: store, userVerification: uv, overrides: overrides),
            publicSuffixList: try PublicSuffixList.loadSystem())
    }

    func creationOptions(
        user: [UInt8] = Array("user-1".utf8), name: String = "alice", residentKey: ResidentKeyRequirement = .required,
        uv: UserVerificationRequirement = .preferred, attestation: AttestationConveyancePreference = .direct, exclude: [[UInt8]] = [],
        algs: [COSEAlgorithm] = [.es256], extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        rpId: String? = "example.com"
    ) -> PublicKeyCredentialCreationOptionsJSON {
        PublicKeyCredentialCreationOptionsJSON(
            rp: .init(id: rpId, name: "Example"), user: .init(id: user, name: name, displayName: name.capitalized),
            challenge: SystemRandom.bytes(32), pubKeyCredParams: algs.map { .init(alg: $0) },
            excludeCredentials: exclude.map { .init(id: $0) },
            authenticatorSelection: .init(residentKey: residentKey, userVerification: uv), attestation: attestation,
            extensions: extensions)
    }

    func register(_ options: PublicKeyCredentialCreationOptionsJSON) throws -> (RegistrationResponseJSON, AttestationObject) {
        let r = try client.create(options: options, origin: origin)
        return (r, try AttestationObject(bytes: r.response.attestationObject.bytes))
    }

    func requestOptions(
        allow: [[UInt8]]? = nil, uv: UserVerificationRequirement = .preferred, extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) -> PublicKeyCredentialRequestOptionsJSON {
        PublicKeyCredentialRequestOptionsJSON(
            challenge: SystemRandom.bytes(32), rpId: rpId, allowCredentials: allow?.map { .init(id: $0) },
            userVerification: uv, extensions: extensions)
    }

    /// Signs in and verifies the assertion as an RP does (WebAuthn §7.2, our
    /// `AuthenticationVerifier`) with the registered COSE key; `valid` is its verdict.
    func signIn(_ options: PublicKeyCredentialRequestOptionsJSON, key: COSEKey, credentialId: [UInt8]? = nil) throws -> (
        AuthenticationResponseJSON, AuthenticatorData, Bool
    ) {
        let r = try client.get(options: options, origin: origin, credentialId: credentialId)
        let data = try AuthenticatorData(bytes: r.response.authenticatorData.bytes)
        let expectations = AuthenticationExpectations(
            clientData: ClientDataPolicy(expectedChallenge: options.challenge.bytes, expectedOrigins: [origin]), rpId: rpId,
            credentialPublicKey: key.bytes, allowCredentials: options.allowCredentials?.map(\.id.bytes) ?? [])
        let valid = (try? AuthenticationVerifier.verify(r, expectations: expectations)) != nil
        return (r, data, valid)
    }
}
