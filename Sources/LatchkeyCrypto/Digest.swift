import COpenSSL

/// Hash functions the project uses. The `EVP_MD` objects are fetched once: a fetch per call
/// costs more than hashing a short message.
public enum DigestAlgorithm: String, Sendable, CaseIterable {
    case sha1 = "SHA1"
    case sha256 = "SHA256"
    case sha384 = "SHA384"
    case sha512 = "SHA512"

    public var outputLength: Int {
        switch self {
        case .sha1: return 20
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    var md: OpaquePointer {
        switch self {
        case .sha1: return FetchedDigests.sha1
        case .sha256: return FetchedDigests.sha256
        case .sha384: return FetchedDigests.sha384
        case .sha512: return FetchedDigests.sha512
        }
    }
}

enum FetchedDigests {
    // Fetched digests are immutable and reference-counted; sharing them across threads is safe.
    nonisolated(unsafe) static let sha1 = EVP_MD_fetch(nil, "SHA1", nil)!
    nonisolated(unsafe) static let sha256 = EVP_MD_fetch(nil, "SHA256", nil)!
    nonisolated(unsafe) static let sha384 = EVP_MD_fetch(nil, "SHA384", nil)!
    nonisolated(unsafe) static let sha512 = EVP_MD_fetch(nil, "SHA512", nil)!
}

public enum Digest {
    public static func hash(_ algorithm: DigestAlgorithm, _ data: some ContiguousBytes) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: algorithm.outputLength)
        var len: UInt32 = 0
        let ok = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { o in
                EVP_Digest(input.baseAddress, input.count, o.baseAddress!.assumingMemoryBound(to: UInt8.self), &len, algorithm.md, nil)
            }
        }
        precondition(ok == 1 && Int(len) == algorithm.outputLength, "EVP_Digest failed for \(algorithm)")
        return out
    }

    public static func sha256(_ data: some ContiguousBytes) -> [UInt8] { hash(.sha256, data) }
    public static func sha256(_ string: String) -> [UInt8] { hash(.sha256, Array(string.utf8)) }
}
