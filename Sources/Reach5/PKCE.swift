import Encoding
import Foundation
import JOSE
import LatchkeyCrypto

/// The SDK's PKCE pair: a 125-character verifier of [A-Za-z0-9] and its S256 challenge.
struct PKCE: Sendable {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let verifier: String
    var challenge: String { S256.of(verifier) }

    init() {
        var chars: [UInt8] = []
        while chars.count < 125 {
            // Rejection sampling keeps the 62 characters equally likely (248 = 4 × 62).
            for b in SystemRandom.bytes(160) where b < 248 && chars.count < 125 { chars.append(Self.alphabet[Int(b) % 62]) }
        }
        verifier = String(decoding: chars, as: UTF8.self)
    }

    init(verifier: String) { self.verifier = verifier }
}

/// The SDK's public PKCE pair (utils/Pkce.swift): a 125-character verifier, its S256 challenge.
/// `Codable` so it can wait in `Storage` for a passwordless link.
public final class Pkce: NSObject, Codable, @unchecked Sendable {
    public let codeVerifier: String
    public let codeChallenge: String
    public let codeChallengeMethod: String

    init(codeVerifier: String) {
        self.codeVerifier = codeVerifier
        codeChallenge = S256.of(codeVerifier)
        codeChallengeMethod = "S256"
    }

    public static func generate() -> Pkce { Pkce(codeVerifier: PKCE().verifier) }

    /// The pair as `authorize` takes it.
    var pair: PKCE { PKCE(verifier: codeVerifier) }

    /// Names the method only: the verifier is a secret until it is spent.
    override public var description: String { "PKCE codeChallenge=\(codeChallenge) codeChallengeMethod=\(codeChallengeMethod)" }
}
