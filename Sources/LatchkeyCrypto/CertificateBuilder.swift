import COpenSSL
import Foundation

/// Issues X.509 v3 certificates signed with a P-256 key (ECDSA-SHA256). Used for the
/// authenticator's batch CA and its `packed` attestation certificates, and for `latchkey serve
/// --https`'s local CA and its server certificate (names in `subjectAlternativeNames`, `serverAuth`).
public struct CertificateBuilder: Sendable {
    public struct CustomExtension: Sendable {
        public var oid: String
        public var critical: Bool
        /// DER placed inside `extnValue`.
        public var value: [UInt8]
        public init(oid: String, critical: Bool, value: [UInt8]) {
            self.oid = oid
            self.critical = critical
            self.value = value
        }
    }

    /// Subject attributes in order, by short name (`C`, `O`, `OU`, `CN`).
    public var subject: [(String, String)]
    public var serialNumber: [UInt8]
    public var notBefore: Date
    public var notAfter: Date
    public var isCA: Bool
    /// basicConstraints' pathLenConstraint of a CA (RFC 5280 §4.2.1.9): 0 lets it sign leaves
    /// only, so a local root a person trusts cannot be used to mint another CA.
    public var pathLength: Int? = nil
    public var customExtensions: [CustomExtension] = []
    /// The subjectAltName extension's names (none: no extension).
    public var subjectAlternativeNames: [SubjectAlternativeName] = []
    /// The extendedKeyUsage extension's purposes (none: no extension).
    public var extendedKeyUsage: [ExtendedKeyUsage] = []

    /// A purpose of extendedKeyUsage, by OpenSSL's short name.
    public enum ExtendedKeyUsage: String, Sendable {
        case serverAuth, clientAuth
    }

    public init(subject: [(String, String)], serialNumber: [UInt8], notBefore: Date, notAfter: Date, isCA: Bool) {
        self.subject = subject
        self.serialNumber = serialNumber
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.isCA = isCA
    }

    /// Signs a certificate for `subjectKey`. With no issuer it is self-signed by `signingKey`.
    public func issue(subjectKey: P256PublicKey, issuer: X509Certificate?, signingKey: P256PrivateKey) throws(CryptoError)
        -> X509Certificate
    {
        guard let x = X509_new() else { throw .fromQueue("X509_new") }
        var owned: OpaquePointer? = x
        defer { if let owned { X509_free(owned) } }

        try check(X509_set_version(x, 2), "X509_set_version")
        guard let serialBN = withBignum(serialNumber, { BN_to_ASN1_INTEGER($0, X509_get_serialNumber(x)) }), serialBN != nil else {
            throw .fromQueue("BN_to_ASN1_INTEGER")
        }
        guard let name = X509_NAME_new() else { throw .fromQueue("X509_NAME_new") }
        defer { X509_NAME_free(name) }
        for (field, value) in subject {
            try check(X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, value, -1, -1, 0), "X509_NAME_add_entry_by_txt(\(field))")
        }
        try check(X509_set_subject_name(x, name), "X509_set_subject_name")
        try check(X509_set_issuer_name(x, issuer.map { X509_get_subject_name($0.raw) } ?? name), "X509_set_issuer_name")
        guard ASN1_TIME_set(X509_getm_notBefore(x), time_t(notBefore.timeIntervalSince1970)) != nil,
            ASN1_TIME_set(X509_getm_notAfter(x), time_t(notAfter.timeIntervalSince1970)) != nil
        else {
            throw .fromQueue("ASN1_TIME_set")
        }
        let pub = try subjectKey.verifyingKey()
        try check(X509_set_pubkey(x, pub.pkey.raw), "X509_set_pubkey")

        var v3 = X509V3_CTX()
        X509V3_set_ctx(&v3, issuer?.raw ?? x, x, nil, nil, 0)
        var standard: [(Int32, String)] = [
            (NID_basic_constraints, isCA ? "critical,CA:TRUE" + (pathLength.map { ",pathlen:\($0)" } ?? "") : "critical,CA:FALSE"),
            (NID_key_usage, isCA ? "critical,keyCertSign,cRLSign" : "critical,digitalSignature"),
            (NID_subject_key_identifier, "hash"),
            (NID_authority_key_identifier, "keyid:always"),
        ]
        if !subjectAlternativeNames.isEmpty {
            standard.append(
                (
                    NID_subject_alt_name,
                    try subjectAlternativeNames.map { name throws(CryptoError) in try name.configValue() }.joined(separator: ",")
                ))
        }
        if !extendedKeyUsage.isEmpty { standard.append((NID_ext_key_usage, extendedKeyUsage.map(\.rawValue).joined(separator: ","))) }
        for (nid, value) in standard {
            guard let ext = X509V3_EXT_conf_nid(nil, &v3, nid, value) else { throw .fromQueue("X509V3_EXT_conf_nid(\(nid))") }
            defer { X509_EXTENSION_free(ext) }
            try check(X509_add_ext(x, ext, -1), "X509_add_ext")
        }
        for custom in customExtensions {
            guard let obj = OBJ_txt2obj(custom.oid, 1) else { throw .fromQueue("OBJ_txt2obj(\(custom.oid))") }
            defer { ASN1_OBJECT_free(obj) }
            guard let os = ASN1_OCTET_STRING_new() else { throw .fromQueue("ASN1_OCTET_STRING_new") }
            defer { ASN1_OCTET_STRING_free(os) }
            try check(ASN1_OCTET_STRING_set(os, custom.value, Int32(custom.value.count)), "ASN1_OCTET_STRING_set")
            guard let ext = X509_EXTENSION_create_by_OBJ(nil, obj, custom.critical ? 1 : 0, os) else {
                throw .fromQueue("X509_EXTENSION_create_by_OBJ")
            }
            defer { X509_EXTENSION_free(ext) }
            try check(X509_add_ext(x, ext, -1), "X509_add_ext")
        }
        guard X509_sign(x, signingKey.pkey.raw, FetchedDigests.sha256) > 0 else { throw .fromQueue("X509_sign") }
        owned = nil
        return X509Certificate(taking: x)
    }
}
