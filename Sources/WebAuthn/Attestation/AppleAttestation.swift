import LatchkeyCrypto

/// `apple` (§8.8): Apple anonymous attestation.
public struct AppleAttestation: AttestationStatementVerifier {
    public static let format = "apple"
    public static let nonceExtensionOID = "1.2.840.113635.100.8.2"
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let chain = try certificates(input.statement, format: Self.format, required: true)
        let credCert = chain[0]
        let nonce = Digest.sha256(input.signedData)
        guard let ext = credCert.extension(Self.nonceExtensionOID) else {
            throw statementFailure(Self.format, "credCert lacks the extension with OID 1.2.840.113635.100.8.2")
        }
        // Sequence { [1] EXPLICIT OCTET STRING nonce }
        let embedded: [UInt8]?
        do {
            let seq = try DER.parse(ext.value)
            let tagged = try seq.children().first { $0.tagClass == .contextSpecific && $0.tagNumber == 1 }
            embedded = try tagged?.children().first?.octets
        } catch { throw statementFailure(Self.format, "nonce extension: \(error)") }
        guard let embedded, embedded == nonce else {
            throw statementFailure(
                Self.format, "Verify that nonce equals the value of the extension with OID 1.2.840.113635.100.8.2 in credCert: it does not")
        }
        guard sameKey(credCert, input.credential.credentialPublicKey) else {
            throw statementFailure(
                Self.format, "Verify that the credential public key equals the Subject Public Key of credCert: it does not")
        }
        return AttestationResult(type: .anonCA, trustPath: chain)
    }
}
