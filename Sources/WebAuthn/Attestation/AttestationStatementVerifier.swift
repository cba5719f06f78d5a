import CBOR
import Foundation
import LatchkeyCrypto

/// The attestation types of WebAuthn L3 §6.5.4.
public enum AttestationType: String, Sendable, Codable {
    case none, `self`, basic
    case attCA = "attca"
    case anonCA = "anonca"
}

/// What a format verifier established: the type and the trust path (leaf first).
public struct AttestationResult: Sendable {
    public var type: AttestationType
    public var trustPath: [X509Certificate]
    /// For `compound`: the results of each inner statement.
    public var components: [AttestationResult] = []

    public init(type: AttestationType, trustPath: [X509Certificate], components: [AttestationResult] = []) {
        self.type = type
        self.trustPath = trustPath
        self.components = components
    }
}

/// Inputs every attestation format verifier receives (§7.1 step 21).
public struct AttestationInput: Sendable {
    public var statement: CBOR
    public var authenticatorData: AuthenticatorData
    public var rawAuthenticatorData: [UInt8]
    public var clientDataHash: [UInt8]
    /// When certificate-embedded time checks (e.g. SafetyNet timestamps) are evaluated.
    public var verificationTime: Date
    /// See `RegistrationExpectations.androidKeyRequiresOriginAndPurpose`.
    public var androidKeyRequiresOriginAndPurpose = false

    public init(
        statement: CBOR, authenticatorData: AuthenticatorData, rawAuthenticatorData: [UInt8], clientDataHash: [UInt8],
        verificationTime: Date
    ) {
        self.statement = statement
        self.authenticatorData = authenticatorData
        self.rawAuthenticatorData = rawAuthenticatorData
        self.clientDataHash = clientDataHash
        self.verificationTime = verificationTime
    }

    var credential: AttestedCredentialData { authenticatorData.attestedCredentialData! }
    /// authenticatorData ‖ clientDataHash, what most formats sign.
    var signedData: [UInt8] { rawAuthenticatorData + clientDataHash }
}

/// One attestation statement format (§8). Each format lives in its own file.
public protocol AttestationStatementVerifier: Sendable {
    static var format: String { get }
    func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult
}

/// The registry of formats the verifier understands.
public enum AttestationFormats {
    public static let all: [any AttestationStatementVerifier] = [
        NoneAttestation(), PackedAttestation(), FIDOU2FAttestation(), TPMAttestation(),
        AndroidKeyAttestation(), AppleAttestation(), AndroidSafetyNetAttestation(), CompoundAttestation(),
    ]

    public static func verifier(for format: String) -> (any AttestationStatementVerifier)? {
        all.first { type(of: $0).format == format }
    }
}

// MARK: helpers shared by the format files

func statementFailure(_ format: String, _ message: String) -> VerificationError {
    VerificationError(.attestationStatement, "\(format): \(message)")
}

/// The `x5c` array as certificates, leaf first.
func certificates(_ statement: CBOR, format: String, required: Bool) throws(VerificationError) -> [X509Certificate] {
    guard let x5c = statement[text: "x5c"] else {
        if required { throw statementFailure(format, "x5c is missing") }
        return []
    }
    guard let items = x5c.arrayValue, !items.isEmpty, items.count <= 16 else {
        throw statementFailure(format, "x5c must be a non-empty array of certificates")
    }
    var out: [X509Certificate] = []
    for item in items {
        guard let der = item.bytesValue else { throw statementFailure(format, "x5c holds a value that is not a byte string") }
        do { out.append(try X509Certificate(der: der)) } catch {
            throw statementFailure(format, "x5c certificate: \(error)")
        }
    }
    return out
}

/// A COSE `alg` from the statement, mapped to a signature scheme OpenSSL can check.
func signatureAlgorithm(_ statement: CBOR, format: String, key: PublicKey? = nil) throws(VerificationError) -> (
    COSEAlgorithm, SignatureAlgorithm
) {
    guard let raw = statement[text: "alg"]?.intValue else { throw statementFailure(format, "alg is missing or not an integer") }
    let alg = COSEAlgorithm(raw)
    var okpCurve: Int? = nil
    if let key, key.type == .ed448 { okpCurve = COSEKey.Curve.ed448 }
    guard let scheme = alg.signatureAlgorithm(okpCurve: okpCurve) else {
        throw VerificationError(.algorithm, "\(format): \(alg) is not supported", kind: .unsupported)
    }
    return (alg, scheme)
}

func verifySignature(_ key: PublicKey, _ alg: SignatureAlgorithm, signature: [UInt8], data: [UInt8], format: String, what: String)
    throws(VerificationError)
{
    let ok: Bool
    do { ok = try key.verify(signature: signature, message: data, algorithm: alg) } catch {
        throw statementFailure(format, "\(what): \(error)")
    }
    guard ok else { throw statementFailure(format, "\(what) does not verify") }
}

/// True when a certificate's key is the credential public key (same key material).
func sameKey(_ cert: X509Certificate, _ cose: COSEKey) -> Bool {
    // a key that cannot be read is not the same key: false, and the caller rejects the statement
    guard let certKey = try? cert.publicKey(), let credKey = try? cose.publicKey() else { return false }
    return certKey.spki == credKey.spki
}
