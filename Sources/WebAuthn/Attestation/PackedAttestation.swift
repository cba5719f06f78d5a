import LatchkeyCrypto

/// `packed` (§8.2): self attestation, or an x5c chain whose leaf meets §8.2.1.
public struct PackedAttestation: AttestationStatementVerifier {
    public static let format = "packed"
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let stmt = input.statement
        guard let sig = stmt[text: "sig"]?.bytesValue else { throw statementFailure(Self.format, "sig is missing or not bytes") }
        let chain = try certificates(stmt, format: Self.format, required: false)
        if let leaf = chain.first {
            let key: PublicKey
            do { key = try leaf.publicKey() } catch { throw statementFailure(Self.format, "attestnCert public key: \(error)") }
            let (_, scheme) = try signatureAlgorithm(stmt, format: Self.format, key: key)
            try verifySignature(
                key, scheme, signature: sig, data: input.signedData, format: Self.format,
                what: "sig over authenticatorData and clientDataHash with the attestnCert public key")
            try Self.checkCertificateRequirements(leaf, aaguid: input.credential.aaguid, format: Self.format)
            return AttestationResult(type: .basic, trustPath: chain)
        }
        // Self attestation: alg must be the credential's, and the credential key signs.
        let cose = input.credential.credentialPublicKey
        let key: PublicKey
        do { key = try cose.publicKey() } catch {
            throw VerificationError(.algorithm, "packed self attestation: credential key unsupported: \(error)", kind: .unsupported)
        }
        let (alg, scheme) = try signatureAlgorithm(stmt, format: Self.format, key: key)
        guard cose.algorithm == alg else {
            throw statementFailure(
                Self.format,
                "Validate that alg matches the algorithm of the credentialPublicKey in authenticatorData: \(alg) ≠ \(cose.algorithm?.description ?? "none")"
            )
        }
        try verifySignature(
            key, scheme, signature: sig, data: input.signedData, format: Self.format,
            what: "sig over authenticatorData and clientDataHash with the credential public key")
        return AttestationResult(type: .self, trustPath: [])
    }

    /// §8.2.1 Certificate Requirements for Packed Attestation Statements.
    static func checkCertificateRequirements(_ cert: X509Certificate, aaguid: AAGUID, format: String) throws(VerificationError) {
        guard cert.version == 3 else {
            throw statementFailure(format, "attestnCert must be an X.509 v3 certificate (version \(cert.version))")
        }
        for (oid, name) in [
            (X509Certificate.OID.country, "C"), (X509Certificate.OID.organization, "O"), (X509Certificate.OID.commonName, "CN"),
        ] {
            guard let v = cert.subjectValue(oid), !v.isEmpty else {
                throw statementFailure(format, "attestnCert Subject-\(name) is missing")
            }
        }
        guard cert.subjectValue(X509Certificate.OID.organizationalUnit) == "Authenticator Attestation" else {
            throw statementFailure(format, "attestnCert Subject-OU must be \"Authenticator Attestation\"")
        }
        if let ext = cert.extension(X509Certificate.OID.fidoAAGUID) {
            guard !ext.critical else { throw statementFailure(format, "the id-fido-gen-ce-aaguid extension must not be marked critical") }
            // an AAGUID extension that does not parse cannot match: the else branch rejects the statement
            guard (try? DER.parse(ext.value))?.octets == aaguid.bytes else {
                throw statementFailure(
                    format, "the AAGUID in attestnCert's id-fido-gen-ce-aaguid extension does not match aaguid in authenticatorData")
            }
        }
        guard cert.basicConstraintsCA == false else {
            throw statementFailure(format, "attestnCert Basic Constraints extension must have the CA component set to false")
        }
    }
}
