import Foundation
import LatchkeyCrypto

/// Passphrase bytes as the KDF sees them: valid UTF-8 is normalized to NFC, so "é" typed
/// precomposed or decomposed unlocks the same vault; other bytes pass through unchanged. Any
/// Unicode, NUL included, is accepted. The byte cap is checked before the KDF runs.
public enum Passphrase {
    public static let maximumLength = 1024

    public static func normalized(_ raw: [UInt8]) throws(VaultError) -> SecureBytes {
        guard raw.count <= maximumLength else { throw .tooLarge("passphrase longer than \(maximumLength) bytes") }
        if let text = String(validating: raw, as: UTF8.self) {
            return SecureBytes(Array(text.precomposedStringWithCanonicalMapping.utf8))
        }
        return SecureBytes(raw)
    }
}
