import Encoding
import LatchkeyCrypto

/// The SDK's PKCE pair: a 125-character verifier of [A-Za-z0-9] and its S256 challenge.
struct PKCE: Sendable {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let verifier: String
    var challenge: String { Base64URL.encode(Digest.sha256(Array(verifier.utf8))) }

    init() {
        var chars: [UInt8] = []
        while chars.count < 125 {
            // Rejection sampling keeps the 62 characters equally likely (248 = 4 × 62).
            for b in SystemRandom.bytes(160) where b < 248 && chars.count < 125 { chars.append(Self.alphabet[Int(b) % 62]) }
        }
        verifier = String(decoding: chars, as: UTF8.self)
    }
}
