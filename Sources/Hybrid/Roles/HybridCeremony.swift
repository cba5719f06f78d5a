import Authenticator
import CBOR
import CTAP
import LatchkeyCrypto
import Picker
import WebAuthn

/// The WebAuthn client's part of a hybrid request (L3 §5.1.3, §5.1.4), done on the laptop: the
/// origin and RP ID rules, clientDataJSON, the CTAP command for the phone, and the response JSON
/// from its answer — `authenticatorAttachment: cross-platform`, transports `["hybrid"]`.
struct HybridCeremony: Sendable {
    let isRegistration: Bool
    let clientDataJSON: [UInt8]
    /// Command byte ‖ CBOR parameters.
    let command: [UInt8]
    /// `none` conveyance: the client replaces the attestation statement (§5.4.7).
    let stripAttestation: Bool

    init(_ request: NearbyDeviceRequest, publicSuffixList: PublicSuffixList?) throws(ClientError) {
        switch request {
        case .assertion(let options, let origin):
            let rpOrigin = try RelyingPartyOrigin(origin)
            let rpId = try rpOrigin.validate(rpId: options.rpId, publicSuffixList: publicSuffixList)
            clientDataJSON =
                CollectedClientData(type: "webauthn.get", challenge: options.challenge.bytes, origin: rpOrigin.origin).jsonBytes
            let allow = (options.allowCredentials ?? []).filter { $0.type == "public-key" }
            // A phone always has a UV method, so "preferred" asks for it too.
            let verify = (options.userVerification?.known ?? .preferred) != .discouraged
            command =
                CTAPGetAssertion.Request(
                    rpId: rpId, clientDataHash: Digest.sha256(clientDataJSON),
                    allowList: allow.map { CTAPCredentialDescriptor(id: $0.id.bytes) },
                    options: CTAPOptions(userVerification: verify ? true : nil)
                ).encoded
            isRegistration = false
            stripAttestation = false
        case .registration(let options, let origin):
            let rpOrigin = try RelyingPartyOrigin(origin)
            let rpId = try rpOrigin.validate(rpId: options.rp.id, publicSuffixList: publicSuffixList)
            guard (1...64).contains(options.user.id.bytes.count) else {
                throw ClientError(.typeError, "user.id must be between 1 and 64 bytes (got \(options.user.id.bytes.count))")
            }
            clientDataJSON =
                CollectedClientData(type: "webauthn.create", challenge: options.challenge.bytes, origin: rpOrigin.origin)
                .jsonBytes
            var params = options.pubKeyCredParams.filter { $0.type == "public-key" }
            if options.pubKeyCredParams.isEmpty { params = [.init(alg: .es256), .init(alg: .rs256)] }
            guard !params.isEmpty else { throw ClientError(.notSupportedError, "pubKeyCredParams names no supported credential type") }
            let exclude = (options.excludeCredentials ?? []).filter { $0.type == "public-key" }
            // Passkeys on a phone are discoverable, and the phone verifies its user.
            command =
                CTAPMakeCredential.Request(
                    clientDataHash: Digest.sha256(clientDataJSON), rpId: rpId, rpName: options.rp.name,
                    user: CTAPUserEntity(id: options.user.id.bytes, name: options.user.name, displayName: options.user.displayName),
                    pubKeyCredParams: params, excludeList: exclude.map { CTAPCredentialDescriptor(id: $0.id.bytes) },
                    options: CTAPOptions(residentKey: true, userVerification: true)
                ).encoded
            isRegistration = true
            // Absent, unknown or an explicit "none": the RP asked for no attestation.
            stripAttestation = (options.attestation?.known ?? AttestationConveyancePreference.none) == AttestationConveyancePreference.none
        }
    }

    static let transports = ["hybrid"]

    /// The response JSON from the phone's CTAP answer (its CBOR, status removed).
    func result(from response: [UInt8]) throws -> AuthorizationResult {
        if isRegistration {
            let made: CTAPMakeCredential.Response
            do throws(CTAPStatus) { made = try CTAPMakeCredential.Response(body: response) } catch {
                throw HybridError.badFrame(
                    "a makeCredential response that is not one (\(error.name)): fmt, authData and attStmt are required")
            }
            let (format, rawAuthData, statement) = (made.format, made.authenticatorData, made.statement)
            let authData = try AuthenticatorData(bytes: rawAuthData)
            guard let attested = authData.attestedCredentialData else { throw HybridError.badFrame("no attested credential data") }
            var object = AttestationObject(
                format: format, statement: statement, authenticatorData: authData, rawAuthenticatorData: rawAuthData)
            if stripAttestation && object.format != "none" {
                object.format = "none"
                object.statement = .map([])
            }
            // a key the client cannot express as SPKI gives no publicKey (getPublicKey() is null, L3 §5.2.1.1)
            let spki = (try? attested.credentialPublicKey.publicKey().spki) ?? []
            return .passkeyRegistration(
                RegistrationResponseJSON(
                    rawId: attested.credentialId,
                    response: .init(
                        clientDataJSON: clientDataJSON, authenticatorData: rawAuthData, transports: Self.transports, publicKey: spki,
                        publicKeyAlgorithm: attested.credentialPublicKey.algorithm, attestationObject: object.bytes),
                    authenticatorAttachment: .crossPlatform, clientExtensionResults: .init()))
        }
        let asserted: CTAPGetAssertion.Response
        do throws(CTAPStatus) { asserted = try CTAPGetAssertion.Response(body: response) } catch {
            throw HybridError.badFrame(
                "a getAssertion response that is not one (\(error.name)): credential, authData and signature are required")
        }
        return .passkeyAssertion(
            AuthenticationResponseJSON(
                rawId: asserted.credential.id,
                response: .init(
                    clientDataJSON: clientDataJSON, authenticatorData: asserted.authenticatorData, signature: asserted.signature,
                    userHandle: asserted.user?.id),
                authenticatorAttachment: .crossPlatform, clientExtensionResults: .init()))
    }
}
