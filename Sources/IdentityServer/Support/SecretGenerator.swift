import Encoding
import Foundation
import LatchkeyCrypto

/// Fresh unguessable values: tkns and authorization codes (base64url of 32 random bytes), ids
/// people type (hex), and the 6-digit codes sent by email and SMS (uniform over 000000–999999).
struct SecretGenerator: Sendable {
    let random: any RandomSource

    func token(bytes: Int = 32) -> String { Base64URL.encode(random.bytes(bytes)) }

    /// An id people type as a command-line argument (an account's uid, a trusted device's, a
    /// snapshot's): hex, so it never starts with "-", which an argument parser reads as an option.
    func hexId(bytes: Int = 12) -> String { Hex.lower(random.bytes(bytes)) }

    func digits(_ count: Int = 6) -> String {
        var out = ""
        while out.count < count {
            // Rejection sampling: bytes ≥ 250 would bias the digit toward 0–5.
            for b in random.bytes(count * 2) where b < 250 && out.count < count { out.append(Character(String(b % 10))) }
        }
        return out
    }
}
