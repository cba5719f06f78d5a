import LatchkeyCrypto

/// `fido-u2f` (§8.6).
public struct FIDOU2FAttestation: AttestationStatementVerifier {
    public static let format = "fido-u2f"
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let stmt = input.statement
        guard let sig = stmt[text: "sig"]?.bytesValue else { throw statementFailure(Self.format, "sig is missing or not bytes") }
        let chain = try certificates(stmt, format: Self.format, required: true)
        guard chain.count == 1 else { throw statementFailure(Self.format, "x5c must contain exactly one element") }
        let key: PublicKey
        do { key = try chain[0].publicKey() } catch { throw statementFailure(Self.format, "attCert public key: \(error)") }
        guard key.type == .ec(.p256) else {
            throw statementFailure(Self.format, "the public key of attCert must be an EC public key over the P-256 curve")
        }
        guard case .ec2(let crv, let x, let y) = input.credential.credentialPublicKey.parameters, crv == COSEKey.Curve.p256 else {
            throw statementFailure(Self.format, "credentialPublicKey must be an EC2 P-256 key")
        }
        let publicKeyU2F = [0x04] + x + y
        let verificationData =
            [0x00] + input.authenticatorData.rpIdHash + input.clientDataHash + input.credential.credentialId + publicKeyU2F
        try verifySignature(
            key, .es256, signature: sig, data: verificationData, format: Self.format,
            what: "sig over verificationData with the attCert public key")
        return AttestationResult(type: .basic, trustPath: chain)
    }
}
