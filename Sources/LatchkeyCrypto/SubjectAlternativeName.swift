import COpenSSL
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One name of a certificate's subjectAltName extension (RFC 5280 §4.2.1.6): a DNS name or an IP
/// address, the two a TLS server certificate carries. Written through OpenSSL's extension
/// configuration syntax, so a name is checked first to be nothing but a name.
public enum SubjectAlternativeName: Hashable, Sendable, CustomStringConvertible {
    /// A host name (letters, digits, `-`, `.`, `_`, a leading `*.` wildcard), lower-cased.
    case dns(String)
    /// An IPv4 or IPv6 address in text form (`127.0.0.1`, `::1`).
    case ip(String)

    /// The name as its kind: an address (IPv4 or IPv6, brackets removed) is `.ip`, else `.dns`.
    public init(host: String) {
        var bare = host
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        self = Self.canonicalAddress(bare).map { .ip($0) } ?? .dns(host.lowercased())
    }

    public var description: String {
        switch self {
        case .dns(let name): return "DNS:\(name)"
        case .ip(let address): return "IP:\(address)"
        }
    }

    /// `DNS:name` or `IP:address` for `X509V3_EXT_conf_nid`; throws for anything that is not a
    /// well-formed name (a comma or colon there would add names nobody asked for).
    func configValue() throws(CryptoError) -> String {
        switch self {
        case .dns(let name):
            let labels = name.hasPrefix("*.") ? name.dropFirst(2) : Substring(name)
            let allowed = labels.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E
                    || $0 == 0x5F
            }
            guard !labels.isEmpty, labels.utf8.count <= 253, allowed else { throw .invalidParameter("not a DNS name: \(name)") }
        case .ip(let address):
            guard Self.canonicalAddress(address) != nil else { throw .invalidParameter("not an IP address: \(address)") }
        }
        return description
    }

    /// The address in inet_ntop's form, or nil when `text` is no IPv4 or IPv6 address.
    static func canonicalAddress(_ text: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 16)
        for (family, size) in [(AF_INET, 4), (AF_INET6, 16)] where inet_pton(family, text, &buffer) == 1 {
            return format(Array(buffer.prefix(size)))
        }
        return nil
    }

    /// The text form of 4 or 16 address bytes.
    static func format(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, bytes, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension X509Certificate {
    /// The DNS names and IP addresses of the subjectAltName extension, in certificate order
    /// (other kinds of name are skipped); empty when there is none.
    public var subjectAlternativeNames: [SubjectAlternativeName] {
        var critical: Int32 = 0
        guard let names = X509_get_ext_d2i(raw, NID_subject_alt_name, &critical, nil) else {
            ERR_clear_error()
            return []
        }
        let stack = OpaquePointer(names)
        defer { GENERAL_NAMES_free(stack) }
        var out: [SubjectAlternativeName] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let name = OPENSSL_sk_value(stack, index)?.assumingMemoryBound(to: GENERAL_NAME.self) else { continue }
            switch name.pointee.type {
            case GEN_DNS:
                out.append(.dns(String(decoding: Self.bytes(of: name.pointee.d.dNSName), as: UTF8.self)))
            case GEN_IPADD:
                if let address = SubjectAlternativeName.format(Self.bytes(of: name.pointee.d.iPAddress)) { out.append(.ip(address)) }
            default:
                continue
            }
        }
        return out
    }
}
