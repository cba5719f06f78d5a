import LatchkeyCrypto

/// The phone's BLE advert (CTAP 2.2 §11.5.1.3): 16 bytes — a reserved zero, a 10-byte nonce,
/// the 3-byte routing id the tunnel service gave it, the tunnel domain as a little-endian 16-bit
/// number — encrypted as one AES-256 block under the EID key's first half, then 4 bytes of
/// HMAC-SHA-256 under its second half. Only the laptop that made the QR code can read it.
public struct HybridAdvert: Equatable, Sendable {
    public var nonce: [UInt8]
    public var routingId: [UInt8]
    public var tunnelDomain: UInt16

    public init(nonce: [UInt8] = SystemRandom.bytes(10), routingId: [UInt8], tunnelDomain: UInt16 = 0) {
        self.nonce = nonce
        self.routingId = routingId
        self.tunnelDomain = tunnelDomain
    }

    /// The 16-byte plaintext (also the PSK's salt).
    public var plaintext: [UInt8] { [0] + nonce + routingId + [UInt8(tunnelDomain & 0xFF), UInt8(tunnelDomain >> 8)] }

    /// The 20 bytes on the air.
    public func sealed(eidKey: [UInt8]) throws -> [UInt8] {
        // One block: CBC with a zero IV and no padding is exactly AES-256 on that block (ECB).
        let block = try AESCBC.encrypt(plaintext, key: Array(eidKey[0..<32]), iv: [UInt8](repeating: 0, count: 16))
        let tag = HMAC.authenticate(key: Array(eidKey[32..<64]), data: block)
        return block + tag.prefix(4)
    }

    /// Trial decryption: the advert if it was sealed under `eidKey` (tag checked in constant
    /// time, reserved byte zero), nil for anybody else's.
    public static func open(_ advert: [UInt8], eidKey: [UInt8]) -> HybridAdvert? {
        guard advert.count == 20, eidKey.count == 64 else { return nil }
        let block = Array(advert[0..<16])
        let tag = HMAC.authenticate(key: Array(eidKey[32..<64]), data: block)
        guard constantTimeEquals(Array(tag.prefix(4)), Array(advert[16..<20])) else { return nil }
        // the tag matched, so only an OpenSSL failure could stop the decryption
        guard let plain = try? AESCBC.decrypt(block, key: Array(eidKey[0..<32]), iv: [UInt8](repeating: 0, count: 16)), plain[0] == 0
        else { return nil }
        return HybridAdvert(
            nonce: Array(plain[1..<11]), routingId: Array(plain[11..<14]), tunnelDomain: UInt16(plain[14]) | UInt16(plain[15]) << 8)
    }
}
