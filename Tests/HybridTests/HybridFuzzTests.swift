import CBOR
import CTAP
import Foundation
import LatchkeyCrypto
import Picker
import TestSupport
import Testing

@testable import Hybrid

/// Seeded mutations of everything a hybrid peer (or whoever sits on the radio or the tunnel) can
/// send: QR payloads, tunnel messages, post-handshake messages, handshake messages, and CTAP
/// commands to the phone. Each is read or refused with a typed error; nothing traps or hangs, and
/// the phone signs nothing it was not asked to.
@Suite struct HybridFuzzTests {
    @Test func qrPayloadsDecodeOrAreRefused() throws {
        let seed = HybridQRPayload(
            identityKey: try P256PrivateKey.generate().publicKey, secret: Array(0..<16), timestamp: 1_800_000_000, stateAssisted: false,
            hint: .getAssertion)
        var rng = SplitMix64(seed: 0x4B21)
        var refused = 0
        for _ in 0..<5_000 {
            var bytes = Array(seed.url.utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) { bytes = rng.mutate(bytes) }
            do { _ = try HybridQRPayload(url: String(decoding: bytes, as: UTF8.self)) } catch { refused += 1 }
        }
        #expect(refused > 0)
    }

    @Test func tunnelAndPostHandshakeMessagesDecodeOrAreRefused() {
        let seeds: [[UInt8]] = [
            PostHandshakeMessage(getInfo: CBOREncoder.encode(.map([(.int(1), .array([.text("FIDO_2_0")]))]))).bytes,
            TunnelMessage.ctap([0x02, 0xA1, 0x01, 0x60]).bytes, TunnelMessage.shutdown.bytes,
        ]
        var rng = SplitMix64(seed: 0x7E11)
        for i in 0..<20_000 {
            var input = seeds[i % seeds.count]
            for _ in 0..<(1 + Int(rng.next() % 3)) { input = rng.mutate(input) }
            _ = try? PostHandshakeMessage(input)
            _ = try? TunnelMessage(input)
            _ = try? TunnelCrypter.unpad(input)
        }
    }

    @Test func handshakeMessagesAreReadOrRefused() throws {
        let laptop = P256KeyPair(try P256PrivateKey.generate())
        let psk = [UInt8](repeating: 3, count: 32)
        var initiator = try NoiseHandshake(pattern: .KNpsk0, initiator: true, dh: P256DH(), prologue: [1], s: laptop, psk: psk)
        let first = try initiator.writeMessage()
        var rng = SplitMix64(seed: 0x401E)
        var accepted = 0
        for _ in 0..<500 {
            var responder = try NoiseHandshake(
                pattern: .KNpsk0, initiator: false, dh: P256DH(), prologue: [1], rs: laptop.publicKey, psk: psk)
            let input = rng.mutate(first)
            if input != first, (try? responder.readMessage(input)) != nil { accepted += 1 }
        }
        // A changed byte anywhere breaks the point, the transcript or the tag; a cut or a grown
        // message is refused too.
        #expect(accepted == 0)
    }

    @Test func thePhoneAnswersMalformedCommandsWithAStatus() async throws {
        let phone = try Device()
        let pick = PhoneAuthenticator(picker: phone.picker, user: ScriptedUserDriver([]))
        let seeds: [[UInt8]] = [
            CTAPGetAssertion.Request(rpId: "localhost", clientDataHash: [UInt8](repeating: 1, count: 32)).encoded,
            CTAPMakeCredential.Request(
                clientDataHash: [UInt8](repeating: 1, count: 32), rpId: "localhost", rpName: nil, user: CTAPUserEntity(id: [1], name: "a"),
                pubKeyCredParams: [.init(alg: .es256)]
            ).encoded, [0x04],
        ]
        var rng = SplitMix64(seed: 0xF0E1)
        for i in 0..<3_000 {
            var input = seeds[i % seeds.count]
            for _ in 0..<(1 + Int(rng.next() % 3)) { input = rng.mutate(input) }
            let response = await pick.handle(input)
            #expect(!response.isEmpty)
        }
        // The script was empty: whatever parsed, the phone's person was asked and declined, so
        // nothing was ever saved.
        #expect(try phone.vault.passkeys(rpId: "localhost").isEmpty)
    }
}
