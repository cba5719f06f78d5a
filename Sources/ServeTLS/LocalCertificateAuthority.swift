import Foundation
import LatchkeyCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// The local certificate authority of `latchkey serve --https`, as mkcert keeps one: a P-256 key
/// made on first use in a folder of its own (never a shared or committed key), its self-signed
/// certificate valid ~10 years (a person trusts it once), and the server certificate it signs for
/// the names the server answers to. The server certificate is made again when it is missing, when
/// the names changed, when the CA is a new one, or when it expires within 30 days.
///
/// The folder holds `ca.pem`, `ca-key.pem` (mode 0600), `server.pem` and `server-key.pem` (0600).
/// Two servers starting on one folder take turns (a lock file), so neither reads the other's
/// half-written CA.
public struct LocalCertificateAuthority: Sendable {
    public let folder: String
    /// The CA certificate, the file a person or a client (`curl --cacert`) trusts.
    public var caPath: String { folder + "/ca.pem" }
    public var caKeyPath: String { folder + "/ca-key.pem" }
    public var certificatePath: String { folder + "/server.pem" }
    public var keyPath: String { folder + "/server-key.pem" }

    /// The CA: `created` when this start made it (it is not trusted anywhere yet).
    public let authority: X509Certificate
    public let created: Bool
    /// The server certificate and its key: `issued` when this start made them.
    public let certificate: X509Certificate
    public let key: P256PrivateKey
    public let issued: Bool

    static let renewal: TimeInterval = 30 * 86400
    static let caValidity: TimeInterval = 3650 * 86400
    /// Under the 398 days Apple's and the browsers' rules allow a TLS server certificate,
    /// counted from the backdated start.
    static let leafValidity: TimeInterval = 396 * 86400
    /// Certificates start an hour early: a client whose clock is a little behind still takes them.
    static let backdating: TimeInterval = 3600

    /// Opens (or makes) the CA in `folder` and a server certificate for `names` (host names or
    /// addresses, the first is the subject's common name).
    /// - Parameter owner: who made the CA (`user@host`), in its subject, as mkcert names its own.
    public static func prepare(folder: String, names: [String], owner: String, now: Date = Date()) throws(LocalTLSError) -> Self {
        let wanted = unique(names.map(SubjectAlternativeName.init(host:)))
        guard !wanted.isEmpty else { throw .noNames }
        let files = TLSFolder(path: folder)
        try files.create()
        return try files.locked { () throws(LocalTLSError) -> Self in
            let (ca, caKey, created) = try authority(in: files, owner: owner, now: now)
            let existing = created ? nil : try? files.readLeaf() // unreadable: made again below
            let leaf: (X509Certificate, P256PrivateKey, Bool)
            if let existing, isCurrent(existing.0, key: existing.1, names: wanted, ca: ca, now: now) {
                leaf = (existing.0, existing.1, false)
            } else {
                let made = try issueLeaf(names: wanted, ca: ca, caKey: caKey, now: now)
                try files.write(made.1.pkcs8PEM, to: files.leafKey, mode: 0o600)
                try files.write(made.0.pem, to: files.leaf, mode: 0o644)
                leaf = (made.0, made.1, true)
            }
            return Self(folder: folder, authority: ca, created: created, certificate: leaf.0, key: leaf.1, issued: leaf.2)
        }
    }

    /// The CA in `files`, or a new one when there is none or it expires within 30 days.
    private static func authority(in files: TLSFolder, owner: String, now: Date) throws(LocalTLSError) -> (
        X509Certificate, P256PrivateKey, Bool
    ) {
        let hasCertificate = FileManager.default.fileExists(atPath: files.ca)
        let hasKey = FileManager.default.fileExists(atPath: files.caKey)
        switch (hasCertificate, hasKey) {
        case (true, true):
            let (ca, key) = try files.readAuthority()
            if let notAfter = ca.notAfter, notAfter > now.addingTimeInterval(renewal) { return (ca, key, false) }
        case (false, false):
            break
        case (true, false):
            throw .incompleteAuthority(present: files.ca, missing: files.caKey)
        case (false, true):
            throw .incompleteAuthority(present: files.caKey, missing: files.ca)
        }
        let key: P256PrivateKey
        let ca: X509Certificate
        do {
            key = try P256PrivateKey.generate()
            var builder = CertificateBuilder(
                subject: [("O", "Latchkey local CA"), ("OU", owner), ("CN", "Latchkey local CA \(owner)")], serialNumber: serial(),
                notBefore: now.addingTimeInterval(-backdating), notAfter: now.addingTimeInterval(caValidity), isCA: true)
            builder.pathLength = 0
            ca = try builder.issue(subjectKey: key.publicKey, issuer: nil, signingKey: key)
        } catch { throw .crypto(error) }
        // The key first: a certificate on disk always has its key beside it.
        try files.write(key.pkcs8PEM, to: files.caKey, mode: 0o600)
        try files.write(ca.pem, to: files.ca, mode: 0o644)
        return (ca, key, true)
    }

    private static func issueLeaf(names: [SubjectAlternativeName], ca: X509Certificate, caKey: P256PrivateKey, now: Date)
        throws(LocalTLSError) -> (X509Certificate, P256PrivateKey)
    {
        do {
            let key = try P256PrivateKey.generate()
            let commonName: String
            switch names[0] {
            case .dns(let name), .ip(let name): commonName = name
            }
            var builder = CertificateBuilder(
                subject: [("O", "Latchkey local server"), ("CN", commonName)], serialNumber: serial(),
                notBefore: now.addingTimeInterval(-backdating), notAfter: now.addingTimeInterval(leafValidity), isCA: false)
            builder.subjectAlternativeNames = names
            builder.extendedKeyUsage = [.serverAuth]
            return (try builder.issue(subjectKey: key.publicKey, issuer: ca, signingKey: caKey), key)
        } catch { throw .crypto(error) }
    }

    /// Whether a server certificate on disk can be served as it is.
    private static func isCurrent(
        _ leaf: X509Certificate, key: P256PrivateKey, names: [SubjectAlternativeName], ca: X509Certificate, now: Date
    ) -> Bool {
        guard let notAfter = leaf.notAfter, notAfter > now.addingTimeInterval(renewal), leaf.isSigned(by: ca) else { return false }
        // a certificate whose key cannot be read is one to replace
        guard let certified = try? leaf.publicKey().spki, certified == key.publicKey.spki else { return false }
        return Set(leaf.subjectAlternativeNames) == Set(names)
    }

    /// 128 random bits, positive and without a leading zero byte.
    private static func serial() -> [UInt8] {
        var bytes = SystemRandom.bytes(16)
        bytes[0] = (bytes[0] & 0x7F) | 0x40
        return bytes
    }

    private static func unique(_ names: [SubjectAlternativeName]) -> [SubjectAlternativeName] {
        var seen = Set<SubjectAlternativeName>()
        return names.filter { seen.insert($0).inserted }
    }
}

/// Why the local CA or its server certificate could not be prepared.
public enum LocalTLSError: Error, Sendable, CustomStringConvertible {
    case noNames
    /// A file could not be created, written or read.
    case io(path: String, reason: String)
    /// One half of the CA is there without the other: making a new CA would replace one a
    /// person may have trusted, so that is theirs to decide.
    case incompleteAuthority(present: String, missing: String)
    /// A file is there but holds no certificate or key of the expected kind.
    case unreadable(path: String, reason: String)
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case .noNames: return "no names to certify"
        case .io(let path, let reason): return "\(path): \(reason)"
        case .incompleteAuthority(let present, let missing):
            return "\(present) is there but \(missing) is not; remove \(present) to make a new local CA (then trust it again)"
        case .unreadable(let path, let reason): return "\(path): \(reason); remove it to make a new one"
        case .crypto(let error): return "\(error)"
        }
    }
}
