import Authenticator
import CBOR
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
            var parameters: [(CBOR, CBOR)] = [(.int(1), .text(rpId)), (.int(2), .bytes(Digest.sha256(clientDataJSON)))]
            let allow = (options.allowCredentials ?? []).filter { $0.type == "public-key" }
            if !allow.isEmpty {
                parameters.append(
                    (.int(3), .array(allow.map { .map([(.text("id"), .bytes($0.id.bytes)), (.text("type"), .text("public-key"))]) })))
            }
            // A phone always has a UV method, so "preferred" asks for it too.
            if (options.userVerification?.known ?? .preferred) != .discouraged {
                parameters.append((.int(5), .map([(.text("uv"), .bool(true))])))
            }
            command = [0x02] + CBOREncoder.encode(.map(parameters))
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
            let rp: [(CBOR, CBOR)] = [(.text("id"), .text(rpId)), (.text("name"), .text(options.rp.name))]
            var parameters: [(CBOR, CBOR)] = [
                (.int(1), .bytes(Digest.sha256(clientDataJSON))), (.int(2), .map(rp)),
                (
                    .int(3),
                    .map([
                        (.text("id"), .bytes(options.user.id.bytes)), (.text("name"), .text(options.user.name)),
                        (.text("displayName"), .text(options.user.displayName)),
                    ])
                ),
                (.int(4), .array(params.map { .map([(.text("alg"), .int($0.alg.rawValue)), (.text("type"), .text("public-key"))]) })),
            ]
            let exclude = (options.excludeCredentials ?? []).filter { $0.type == "public-key" }
            if !exclude.isEmpty {
                parameters.append(
                    (.int(5), .array(exclude.map { .map([(.text("id"), .bytes($0.id.bytes)), (.text("type"), .text("public-key"))]) })))
            }
            // Passkeys on a phone are discoverable, and the phone verifies its user.
            parameters.append((.int(7), .map([(.text("rk"), .bool(true)), (.text("uv"), .bool(true))])))
            command = [0x01] + CBOREncoder.encode(.map(parameters))
            isRegistration = true
            // Absent, unknown or an explicit "none": the RP asked for no attestation.
            stripAttestation = (options.attestation?.known ?? AttestationConveyancePreference.none) == AttestationConveyancePreference.none
        }
    }

    static let transports = ["hybrid"]

    /// The response JSON from the phone's CTAP answer (its CBOR, status removed).
    func result(from response: [UInt8]) throws -> AuthorizationResult {
        let map = try CBORDecoder(maxDepth: 8, maxInputLength: 16 * 1024).decode(response)
        if isRegistration {
            guard let format = map[int: 1]?.textValue, let rawAuthData = map[int: 2]?.bytesValue, let statement = map[int: 3] else {
                throw HybridError.badFrame("a makeCredential response without fmt, authData and attStmt")
            }
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
        guard let id = map[int: 1]?[text: "id"]?.bytesValue, let authData = map[int: 2]?.bytesValue, let signature = map[int: 3]?.bytesValue
        else { throw HybridError.badFrame("a getAssertion response without credential, authData and signature") }
        return .passkeyAssertion(
            AuthenticationResponseJSON(
                rawId: id,
                response: .init(
                    clientDataJSON: clientDataJSON, authenticatorData: authData, signature: signature,
                    userHandle: map[int: 4]?[text: "id"]?.bytesValue),
                authenticatorAttachment: .crossPlatform, clientExtensionResults: .init()))
    }
}
