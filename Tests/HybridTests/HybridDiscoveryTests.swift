import Foundation
import Hybrid
import LatchkeyCrypto
import Testing

/// The derivations and the advert against the fixed values kanidm/webauthn-rs's tests publish
/// (taken from Chromium's behaviour): the tunnel id of an all-zero QR secret, and the advert's
/// plaintext layout; then trial decryption refuses every other key and every changed byte.
@Suite struct HybridDiscoveryTests {
    @Test func theTunnelIdOfAnAllZeroSecretIsThePublishedOne() throws {
        let id = try HybridKeys.tunnelID(secret: [UInt8](repeating: 0, count: 16))
        #expect(id.map { String(format: "%02X", $0) }.joined() == "3EEF97097986413B059EAA2A30D653D4")
    }

    @Test func theAdvertPlaintextIsLaidOutAsPublished() {
        let advert = HybridAdvert(nonce: [9, 139, 115, 107, 54, 169, 140, 185, 164, 47], routingId: [9, 10, 11], tunnelDomain: 0x01FF)
        #expect(advert.plaintext == [0, 9, 139, 115, 107, 54, 169, 140, 185, 164, 47, 9, 10, 11, 255, 1])
    }

    @Test func advertsOpenOnlyUnderTheirKey() throws {
        let secret = SystemRandom.bytes(16)
        let key = try HybridKeys.eidKey(secret: secret)
        let advert = HybridAdvert(routingId: [1, 2, 3], tunnelDomain: 0)
        var sealed = try advert.sealed(eidKey: key)
        #expect(sealed.count == 20)
        #expect(HybridAdvert.open(sealed, eidKey: key) == advert)
        #expect(HybridAdvert.open(sealed, eidKey: try HybridKeys.eidKey(secret: SystemRandom.bytes(16))) == nil)
        sealed[3] ^= 1
        #expect(HybridAdvert.open(sealed, eidKey: key) == nil)
        #expect(try HybridKeys.tunnelID(secret: secret).count == 16)
        let psk = try HybridKeys.psk(secret: secret, advertPlaintext: advert.plaintext)
        #expect(try psk != HybridKeys.psk(secret: secret, advertPlaintext: Array(repeating: 0, count: 16)))
    }
}
