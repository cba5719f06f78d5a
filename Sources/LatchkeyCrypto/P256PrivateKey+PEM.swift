import Foundation

/// A P-256 key as PEM `PRIVATE KEY` text (PKCS#8, RFC 7468 §10): the form TLS servers and
/// `openssl` read, used for `latchkey serve --https`'s CA and server keys on disk.
extension P256PrivateKey {
    private static let label = "PRIVATE KEY"

    /// The key as PEM text. This is secret material: write it to a file only the owner reads.
    public var pkcs8PEM: String {
        let body = pkcs8.withUnsafeBytes { Data($0).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]) }
        return "-----BEGIN \(Self.label)-----\n\(body)\n-----END \(Self.label)-----\n"
    }

    /// Reads one PEM `PRIVATE KEY` block holding a P-256 key; anything else is rejected.
    public convenience init(pkcs8PEM text: String) throws(CryptoError) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(of: "-----BEGIN \(Self.label)-----"),
            let end = lines[begin...].firstIndex(of: "-----END \(Self.label)-----"),
            var der = Data(base64Encoded: lines[(begin + 1)..<end].joined()).map(Array.init)
        else {
            throw .invalidKey("not a PEM PRIVATE KEY")
        }
        defer { cleanse(&der) }
        try self.init(pkcs8: der)
    }
}
