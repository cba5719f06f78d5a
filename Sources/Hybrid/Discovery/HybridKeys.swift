import LatchkeyCrypto

/// The values both sides derive from the QR secret (CTAP 2.2 §11.5.1.2, Chromium's
/// `cablev2::Derive`): HKDF-SHA-256 with the secret as input, a salt, and the purpose as a
/// 32-bit little-endian number for info.
public enum HybridKeys {
    enum Purpose: UInt32 {
        case eidKey = 1
        case tunnelID = 2
        case psk = 3
    }

    static func derive(_ purpose: Purpose, secret: [UInt8], salt: [UInt8] = [], length: Int) throws -> [UInt8] {
        let info = (0..<4).map { UInt8(truncatingIfNeeded: purpose.rawValue >> (8 * UInt32($0))) }
        return try HKDF.derive(inputKeyMaterial: secret, salt: salt, info: info, outputLength: length).bytes
    }

    /// 64 bytes: an AES-256 key for the advert, then its HMAC-SHA-256 key.
    public static func eidKey(secret: [UInt8]) throws -> [UInt8] { try derive(.eidKey, secret: secret, length: 64) }

    /// The 16-byte tunnel id both sides name the tunnel by.
    public static func tunnelID(secret: [UInt8]) throws -> [UInt8] { try derive(.tunnelID, secret: secret, length: 16) }

    /// The Noise PSK, salted with the phone's decrypted advert (so only a laptop that saw it can
    /// complete the handshake).
    public static func psk(secret: [UInt8], advertPlaintext: [UInt8]) throws -> [UInt8] {
        try derive(.psk, secret: secret, salt: advertPlaintext, length: 32)
    }
}
