import Foundation
import TestSupport
import Testing

@testable import Hybrid

/// The tunnel's encryption against a frame a (patched, key-leaking) Chromium encrypted, as
/// kanidm/webauthn-rs's tests record it: the framing, the padding and the ciphertext byte for
/// byte; then the peer's side opens it, and a changed byte is refused.
@Suite struct TunnelCrypterTests {
    struct Vector: Decodable {
        let write_key: String
        let read_key: String
        let plaintext: String
        let padded: String
        let ciphertext: String
    }

    static func vector() throws -> Vector {
        let url = packageRoot.appendingPathComponent("Tests/HybridTests/Fixtures/chromium-crypter.json")
        return try JSONDecoder().decode(Vector.self, from: Data(contentsOf: url))
    }

    @Test func chromiumsFrameIsReproducedAndOpened() throws {
        let v = try Self.vector()
        #expect(hexString(TunnelCrypter.pad(hex(v.plaintext))) == v.padded)
        var laptop = TunnelCrypter(sendKey: hex(v.write_key), receiveKey: hex(v.read_key))
        let sealed = try laptop.encrypt(hex(v.plaintext))
        #expect(hexString(sealed) == v.ciphertext)
        var phone = TunnelCrypter(sendKey: hex(v.read_key), receiveKey: hex(v.write_key))
        let opened = try phone.decrypt(sealed)
        #expect(opened == hex(v.plaintext))
        #expect(try TunnelMessage(opened) == .ctap(Array(hex(v.plaintext).dropFirst())))
    }

    @Test func aChangedByteOrAReplayIsRefused() throws {
        let v = try Self.vector()
        var laptop = TunnelCrypter(sendKey: hex(v.write_key), receiveKey: hex(v.read_key))
        let sealed = try laptop.encrypt([1, 2, 3])
        var phone = TunnelCrypter(sendKey: hex(v.read_key), receiveKey: hex(v.write_key))
        var changed = sealed
        changed[0] ^= 0x80
        #expect(throws: HybridError.self) { _ = try phone.decrypt(changed) }
        #expect(try phone.decrypt(sealed) == [1, 2, 3])
        // The counter moved on: the same frame again does not open.
        #expect(throws: HybridError.self) { _ = try phone.decrypt(sealed) }
    }
}
