// A stand-in for CryptoKit's SHA256, the one CryptoKit API the SDK calls (utils/Pkce.swift: the
// PKCE challenge), over the system OpenSSL's SHA-256 (never a digest of its own), so the SDK's
// Pkce.swift builds as it is and the server checks the challenge it computes.
import CLibCrypto
import Foundation

public struct SHA256Digest: Sequence, Sendable {
    let bytes: [UInt8]
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
}

public enum SHA256 {
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest {
        let message = [UInt8](data)
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        message.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = CLibCrypto.SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return SHA256Digest(bytes: digest)
    }
}
