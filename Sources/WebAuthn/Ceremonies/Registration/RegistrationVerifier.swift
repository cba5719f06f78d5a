import CBOR
import Foundation
import LatchkeyCrypto

/// What an RP expects of a registration (§7.1).
public struct RegistrationExpectations: Sendable {
    public var clientData: ClientDataPolicy
    public var rpId: String
    public var requireUserVerification: Bool
    /// Only turned off for conditional-create style flows; the spec requires UP by default.
    public var requireUserPresence: Bool
    /// The algorithms in `pubKeyCredParams`.
    public var allowedAlgorithms: [COSEAlgorithm]
    /// Trust anchors for the attestation trust path; nil skips the chain check (as RP libraries
    /// do when no root is configured), an empty list rejects every x5c.
    public var trustRoots: [X509Certificate]?
    public var verificationTime: Date
    /// android-key: also require the `origin` (KM_ORIGIN_GENERATED) and `purpose`
    /// (KM_PURPOSE_SIGN) authorizations to be present. By default an absent field asserts
    /// nothing, as the W3C's own android-key example (empty authorization lists) requires.
    public var androidKeyRequiresOriginAndPurpose = false

    public static let defaultAlgorithms: [COSEAlgorithm] = [
        .es256, .es384, .es512, .edDSA, .ed25519, .ed448, .ps256, .ps384, .ps512, .rs256, .rs384, .rs512,
    ]

    public init(
        clientData: ClientDataPolicy, rpId: String, requireUserVerification: Bool = false, requireUserPresence: Bool = true,
        allowedAlgorithms: [COSEAlgorithm] = RegistrationExpectations.defaultAlgorithms, trustRoots: [X509Certificate]? = nil,
        verificationTime: Date = Date()
    ) {
        self.clientData = clientData
        self.rpId = rpId
        self.requireUserVerification = requireUserVerification
        self.requireUserPresence = requireUserPresence
        self.allowedAlgorithms = allowedAlgorithms
        self.trustRoots = trustRoots
        self.verificationTime = verificationTime
    }
}

/// A verified registration: what the RP stores.
public struct VerifiedRegistration: Sendable {
    public var format: String
    public var aaguid: AAGUID
    public var credentialId: [UInt8]
    /// The COSE key bytes exactly as in authenticator data.
    public var credentialPublicKey: [UInt8]
    public var algorithm: COSEAlgorithm?
    public var signCount: UInt32
    public var flags: AuthenticatorData.Flags
    public var attestationType: AttestationType
    public var trustPath: [X509Certificate]
    /// Whether the trust path was checked against trust roots: a `basic` attestation whose
    /// chain was not checked proves nothing about the authenticator's maker.
    public var trustPathStatus: TrustPathStatus
    public var userVerified: Bool { flags.contains(.userVerified) }
    public var backupEligible: Bool { flags.contains(.backupEligible) }
    public var backedUp: Bool { flags.contains(.backupState) }
}

/// Registering a new credential, WebAuthn L3 §7.1, step by step. Step numbers are those of
/// the Level 3 editor's draft (2026-07-30); steps 1–4 happen at the client, and step 26
/// (the credential ID is not yet registered) and 27 (store it) are the caller's.
public enum RegistrationVerifier {
    /// - Parameter credentialId: the credential's `rawId` when the caller has it; it must equal
    ///   the attested credential ID.
    public static func verify(
        clientDataJSON: [UInt8], attestationObject: [UInt8], credentialId: [UInt8]? = nil,
        expectations e: RegistrationExpectations
    ) throws(VerificationError) -> VerifiedRegistration {
        // Steps 5–11: client data (type step 7, challenge 8, origin 9, crossOrigin 10, topOrigin 11).
        _ = try e.clientData.check(clientDataJSON, expectedType: "webauthn.create")
        // Step 12: hash.
        let clientDataHash = Digest.sha256(clientDataJSON)
        // Step 13: decode the attestation object.
        let object: AttestationObject
        do { object = try AttestationObject(bytes: attestationObject) } catch {
            throw VerificationError(.attestationObject, "Perform CBOR decoding on the attestationObject field: \(error)")
        }
        let authData = object.authenticatorData
        // Steps 14–17: rpIdHash (step 14), UP (step 15), UV (step 16), BE/BS (step 17).
        try AuthenticatorDataChecks.check(
            authData, rpId: e.rpId, requireUserPresence: e.requireUserPresence,
            requireUserVerification: e.requireUserVerification)
        guard let credential = authData.attestedCredentialData else {
            throw VerificationError(.attestedCredentialData, "authData carries no attested credential data (AT flag not set)")
        }
        // Step 3: the response is for the credential the authenticator attested.
        if let credentialId, credentialId != credential.credentialId {
            throw VerificationError(
                .attestedCredentialData, "credential.rawId must equal the credentialId in the attested credential data: it does not")
        }
        // Step 20: the credential's algorithm must be one the RP offered. (Step 25, a credential
        // ID of at most 1023 bytes, is enforced when authData is parsed.)
        guard let alg = credential.credentialPublicKey.algorithm else {
            throw VerificationError(.algorithm, "credentialPublicKey has no alg parameter")
        }
        guard e.allowedAlgorithms.contains(alg) else {
            throw VerificationError(
                .algorithm,
                "Verify that the \"alg\" parameter in the credential public key in authData matches the alg attribute of one of the items in pubKeyCredParams: \(alg) does not"
            )
        }
        // A credential whose signatures this verifier can never check is reported, not accepted.
        guard alg.signatureAlgorithm(okpCurve: credential.credentialPublicKey.okpCurve) != nil else {
            throw VerificationError(.algorithm, "\(alg.name) is not supported (OpenSSL 3.0 cannot verify it)", kind: .unsupported)
        }
        if case .ec2(let curve, _, _) = credential.credentialPublicKey.parameters, let required = alg.requiredEC2Curve, curve != required {
            throw VerificationError(
                .algorithm, "the credential public key's curve \(curve) does not match \(alg.name), which requires curve \(required)")
        }
        do { _ = try credential.credentialPublicKey.publicKey() } catch {
            throw VerificationError(.algorithm, "credentialPublicKey cannot be used: \(error)")
        }
        // Step 21: the format; step 22: the attestation statement.
        guard let formatVerifier = AttestationFormats.verifier(for: object.format) else {
            throw VerificationError(
                .attestationFormat,
                "Determine the attestation statement format by performing a USASCII case-sensitive match on fmt against the set of supported WebAuthn Attestation Statement Format Identifier values: \"\(object.format)\" is not supported"
            )
        }
        var input = AttestationInput(
            statement: object.statement, authenticatorData: authData, rawAuthenticatorData: object.rawAuthenticatorData,
            clientDataHash: clientDataHash, verificationTime: e.verificationTime)
        input.androidKeyRequiresOriginAndPurpose = e.androidKeyRequiresOriginAndPurpose
        let result = try formatVerifier.verify(input)
        // Steps 23–24: every trust path (each sub-statement's, for compound) against the
        // caller's anchors, at the caller's time.
        let status = try TrustPathStatus.assess(result, roots: e.trustRoots, at: e.verificationTime)
        return VerifiedRegistration(
            format: object.format, aaguid: credential.aaguid, credentialId: credential.credentialId,
            credentialPublicKey: credential.credentialPublicKeyBytes, algorithm: alg, signCount: authData.signCount,
            flags: authData.flags, attestationType: result.type, trustPath: result.trustPath, trustPathStatus: status)
    }

    public static func verify(_ response: RegistrationResponseJSON, expectations: RegistrationExpectations) throws(VerificationError)
        -> VerifiedRegistration
    {
        // Step 3: a public-key credential whose id is the base64url form of its rawId.
        guard response.type == "public-key" else {
            throw VerificationError(.parse, "credential.type must be \"public-key\": got \"\(response.type)\"")
        }
        guard response.id == Base64URL.encode(response.rawId.bytes) else {
            throw VerificationError(.parse, "credential.id must be the base64url encoding of credential.rawId: it is not")
        }
        return try verify(
            clientDataJSON: response.response.clientDataJSON.bytes, attestationObject: response.response.attestationObject.bytes,
            credentialId: response.rawId.bytes, expectations: expectations)
    }
}
