import COpenSSL
import Foundation

/// A parsed X.509 certificate. Fields are read through OpenSSL; format-specific extension
/// contents (AAGUID, Android key description, TPM SAN …) are returned as DER for the caller.
public final class X509Certificate: @unchecked Sendable { // the X509 never changes after init
    let raw: OpaquePointer
    public let der: [UInt8]

    init(taking raw: OpaquePointer) {
        self.raw = raw
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_X509(raw, &p)
        if len > 0, let p {
            der = Array(UnsafeBufferPointer(start: p, count: Int(len)))
            latchkey_openssl_free(p)
        } else {
            der = []
        }
    }

    deinit { X509_free(raw) }

    /// Parses DER. Trailing bytes after the certificate are rejected.
    public convenience init(der: [UInt8]) throws(CryptoError) {
        guard !der.isEmpty else { throw .invalidCertificate("empty certificate") }
        guard der.count <= 65536 else { throw .invalidCertificate("certificate larger than 64 KiB") }
        let cert: OpaquePointer? = der.withUnsafeBufferPointer { b in
            var p: UnsafePointer<UInt8>? = b.baseAddress
            let c = d2i_X509(nil, &p, b.count)
            if let c, p != b.baseAddress! + b.count {
                X509_free(c)
                return nil
            }
            return c
        }
        guard let cert else {
            ERR_clear_error()
            throw .invalidCertificate("malformed DER")
        }
        self.init(taking: cert)
    }

    /// Parses PEM text holding one certificate.
    public convenience init(pem: String) throws(CryptoError) {
        let body = pem.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("-----") && !$0.isEmpty }
            .joined()
        guard let data = Data(base64Encoded: body) else { throw .invalidCertificate("PEM body is not base64") }
        try self.init(der: Array(data))
    }

    public var pem: String {
        let b64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(b64)\n-----END CERTIFICATE-----\n"
    }

    /// X.509 version number as written in certificates (3 for v3).
    public var version: Int { Int(X509_get_version(raw)) + 1 }

    public var serialNumber: [UInt8] {
        guard let s = X509_get0_serialNumber(raw), let bn = ASN1_INTEGER_to_BN(s, nil) else { return [] }
        defer { BN_free(bn) }
        var out = [UInt8](repeating: 0, count: Int((BN_num_bits(bn) + 7) / 8))
        BN_bn2bin(bn, &out)
        return out
    }

    /// Relative distinguished name attributes, as (dotted OID, value) in certificate order.
    public var subject: [(oid: String, value: String)] { Self.entries(X509_get_subject_name(raw)) }
    public var issuer: [(oid: String, value: String)] { Self.entries(X509_get_issuer_name(raw)) }

    /// First subject value for an attribute OID, e.g. `X509Certificate.OID.organizationalUnit`.
    public func subjectValue(_ oid: String) -> String? { subject.first { $0.oid == oid }?.value }

    public var subjectDER: [UInt8] { Self.nameDER(X509_get_subject_name(raw)) }
    public var issuerDER: [UInt8] { Self.nameDER(X509_get_issuer_name(raw)) }

    public var notBefore: Date? { Self.date(X509_get0_notBefore(raw)) }
    public var notAfter: Date? { Self.date(X509_get0_notAfter(raw)) }

    public struct Extension: Sendable {
        public let oid: String
        public let critical: Bool
        /// The DER inside `extnValue`'s OCTET STRING.
        public let value: [UInt8]
    }

    public var extensions: [Extension] {
        var out: [Extension] = []
        let n = X509_get_ext_count(raw)
        for i in 0..<n {
            guard let ext = X509_get_ext(raw, i) else { continue }
            let oid = Self.oidString(X509_EXTENSION_get_object(ext))
            let bytes = Self.bytes(of: X509_EXTENSION_get_data(ext))
            out.append(Extension(oid: oid, critical: X509_EXTENSION_get_critical(ext) == 1, value: bytes))
        }
        return out
    }

    public func `extension`(_ oid: String) -> Extension? { extensions.first { $0.oid == oid } }

    /// nil when basicConstraints is absent, else its cA flag.
    public var basicConstraintsCA: Bool? {
        let flags = X509_get_extension_flags(raw)
        guard flags & UInt32(EXFLAG_BCONS) != 0 else { return nil }
        return flags & UInt32(EXFLAG_CA) != 0
    }

    public func publicKey() throws(CryptoError) -> PublicKey {
        guard let k = X509_get0_pubkey(raw) else {
            ERR_clear_error()
            throw .invalidCertificate("unsupported or malformed public key")
        }
        EVP_PKEY_up_ref(k)
        return try PublicKey(pkey: PKey(taking: k))
    }

    /// True when `issuer`'s key verifies this certificate's signature.
    public func isSigned(by issuer: X509Certificate) -> Bool {
        guard let k = X509_get0_pubkey(issuer.raw) else {
            ERR_clear_error()
            return false
        }
        let ok = X509_verify(raw, k) == 1
        ERR_clear_error()
        return ok
    }

    public enum OID {
        public static let country = "2.5.4.6"
        public static let organization = "2.5.4.10"
        public static let organizationalUnit = "2.5.4.11"
        public static let commonName = "2.5.4.3"
        public static let basicConstraints = "2.5.29.19"
        public static let subjectAltName = "2.5.29.17"
        public static let extendedKeyUsage = "2.5.29.37"
        /// id-fido-gen-ce-aaguid
        public static let fidoAAGUID = "1.3.6.1.4.1.45724.1.1.4"
    }

    // MARK: helpers

    static func oidString(_ obj: OpaquePointer?) -> String {
        guard let obj else { return "" }
        var buf = [CChar](repeating: 0, count: 128)
        let n = OBJ_obj2txt(&buf, Int32(buf.count), obj, 1)
        return n > 0 ? String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }

    static func bytes(of s: UnsafePointer<ASN1_STRING>?) -> [UInt8] {
        guard let s, let p = ASN1_STRING_get0_data(s) else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: Int(ASN1_STRING_length(s))))
    }

    static func entries(_ name: OpaquePointer?) -> [(oid: String, value: String)] {
        guard let name else { return [] }
        var out: [(String, String)] = []
        for i in 0..<X509_NAME_entry_count(name) {
            guard let e = X509_NAME_get_entry(name, i) else { continue }
            let oid = oidString(X509_NAME_ENTRY_get_object(e))
            let value = String(decoding: bytes(of: X509_NAME_ENTRY_get_data(e)), as: UTF8.self)
            out.append((oid, value))
        }
        return out
    }

    static func nameDER(_ name: OpaquePointer?) -> [UInt8] {
        guard let name else { return [] }
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_X509_NAME(name, &p)
        guard len > 0, let p else { return [] }
        defer { latchkey_openssl_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    static func date(_ t: UnsafePointer<ASN1_TIME>?) -> Date? {
        guard let t else { return nil }
        var tmv = tm()
        guard ASN1_TIME_to_tm(t, &tmv) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&tmv)))
    }
}
