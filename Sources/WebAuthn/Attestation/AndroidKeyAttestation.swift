import LatchkeyCrypto

/// `android-key` (§8.4), with the key description rules of the Android Keystore.
public struct AndroidKeyAttestation: AttestationStatementVerifier {
    public static let format = "android-key"
    static let keyDescriptionOID = "1.3.6.1.4.1.11129.2.1.17"
    static let tagPurpose: UInt64 = 1, tagAllApplications: UInt64 = 600, tagOrigin: UInt64 = 702
    static let purposeSign: Int64 = 2, originGenerated: Int64 = 0
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let stmt = input.statement
        guard let sig = stmt[text: "sig"]?.bytesValue else { throw statementFailure(Self.format, "sig is missing or not bytes") }
        let chain = try certificates(stmt, format: Self.format, required: true)
        let leaf = chain[0]
        let key: PublicKey
        do { key = try leaf.publicKey() } catch { throw statementFailure(Self.format, "credCert public key: \(error)") }
        let (_, scheme) = try signatureAlgorithm(stmt, format: Self.format, key: key)
        try verifySignature(
            key, scheme, signature: sig, data: input.signedData, format: Self.format,
            what: "sig over authenticatorData and clientDataHash with the first certificate in x5c")
        guard sameKey(leaf, input.credential.credentialPublicKey) else {
            throw statementFailure(
                Self.format, "Verify that the public key in the first certificate in x5c matches the credentialPublicKey: it does not")
        }
        guard let ext = leaf.extension(Self.keyDescriptionOID) else {
            throw statementFailure(Self.format, "the attestation certificate lacks the key description extension 1.3.6.1.4.1.11129.2.1.17")
        }
        let fields: [DER.Node]
        do { fields = try DER.parse(ext.value).children() } catch { throw statementFailure(Self.format, "key description: \(error)") }
        guard fields.count >= 8, let challenge = fields[4].octets else {
            throw statementFailure(Self.format, "key description is not a KeyDescription sequence")
        }
        guard challenge == input.clientDataHash else {
            throw statementFailure(
                Self.format,
                "Verify that the attestationChallenge field in the attestation certificate extension data is identical to clientDataHash: it is not"
            )
        }
        let software = try Self.authorizations(fields[6])
        let tee = try Self.authorizations(fields[7])
        if software[Self.tagAllApplications] != nil || tee[Self.tagAllApplications] != nil {
            throw statementFailure(
                Self.format, "The AuthorizationList.allApplications field is not present on either authorization list: it is present")
        }
        // The union of both lists, as the spec allows for RPs that accept software-backed keys. A
        // field that is absent asserts nothing (the spec's own android-key vector carries empty
        // lists); a field that is present must hold the required value. The strict mode
        // requires both fields, as a RP that trusts only keys generated in the Keystore would.
        if input.androidKeyRequiresOriginAndPurpose {
            guard tee[Self.tagOrigin] != nil || software[Self.tagOrigin] != nil else {
                throw statementFailure(Self.format, "strict mode: the AuthorizationList.origin field is absent from both lists")
            }
            guard tee[Self.tagPurpose] != nil || software[Self.tagPurpose] != nil else {
                throw statementFailure(Self.format, "strict mode: the AuthorizationList.purpose field is absent from both lists")
            }
        }
        for node in [tee[Self.tagOrigin], software[Self.tagOrigin]].compactMap({ $0 }) {
            // an origin that does not parse is not KM_ORIGIN_GENERATED: the else branch rejects the statement
            guard (try? node.children().first?.integer) == Self.originGenerated else {
                throw statementFailure(
                    Self.format, "The value in the AuthorizationList.origin field is equal to KM_ORIGIN_GENERATED: it is not")
            }
        }
        let purposeNodes = [tee[Self.tagPurpose], software[Self.tagPurpose]].compactMap { $0 }
        if !purposeNodes.isEmpty {
            var purposes: [Int64] = []
            for node in purposeNodes {
                // a purpose list that does not parse adds no purposes; SIGN must still be found below, so this can only reject
                if let set = try? node.children().first, let items = try? set.children() { purposes += items.compactMap(\.integer) }
            }
            guard purposes.contains(Self.purposeSign) else {
                throw statementFailure(
                    Self.format, "The value in the AuthorizationList.purpose field is equal to KM_PURPOSE_SIGN: it is not")
            }
        }
        return AttestationResult(type: .basic, trustPath: chain)
    }

    /// An AuthorizationList: a SEQUENCE of explicitly tagged fields, keyed by tag number.
    static func authorizations(_ node: DER.Node) throws(VerificationError) -> [UInt64: DER.Node] {
        guard node.isSequence else { throw statementFailure(format, "AuthorizationList is not a SEQUENCE") }
        var out: [UInt64: DER.Node] = [:]
        do {
            for item in try node.children() where item.tagClass == .contextSpecific { out[item.tagNumber] = item }
        } catch { throw statementFailure(format, "AuthorizationList: \(error)") }
        return out
    }
}
