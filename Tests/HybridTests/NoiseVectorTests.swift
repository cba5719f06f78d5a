import Foundation
import Hybrid
import LatchkeyCrypto
import TestSupport
import Testing

/// The Noise state machine against the Noise Protocol's published vectors (cacophony's, with
/// X25519): both FIDO hybrid patterns, every handshake and transport message byte for byte, and
/// the handshake hash; then the same vectors with one byte changed, which must be refused.
@Suite struct NoiseVectorTests {
    struct Vector: Decodable {
        struct Message: Decodable {
            let payload: String
            let ciphertext: String
        }
        let protocol_name: String
        let init_prologue: String
        let init_psks: [String]
        let init_static: String?
        let init_ephemeral: String
        let init_remote_static: String?
        let resp_static: String?
        let resp_ephemeral: String
        let resp_remote_static: String?
        let handshake_hash: String
        let messages: [Message]
    }

    static let vectors: [Vector] = {
        struct File: Decodable { let vectors: [Vector] }
        let url = packageRoot.appendingPathComponent("Tests/HybridTests/Fixtures/noise-vectors.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors) ?? []
    }()

    static func pattern(_ name: String) -> NoisePattern { name.contains("KNpsk0") ? .KNpsk0 : .NKpsk0 }

    static func key(_ text: String?) throws -> (any NoiseKeyPair)? {
        guard let text else { return nil }
        return X25519KeyPair(try X25519PrivateKey(rawPrivate: hex(text)))
    }

    static func sides(_ v: Vector) throws -> (initiator: NoiseHandshake, responder: NoiseHandshake) {
        let pattern = pattern(v.protocol_name)
        let psk = hex(v.init_psks[0])
        let initiator = try NoiseHandshake(
            pattern: pattern, initiator: true, dh: X25519DH(), prologue: hex(v.init_prologue), s: key(v.init_static),
            rs: v.init_remote_static.map(hex), psk: psk, e: key(v.init_ephemeral))
        let responder = try NoiseHandshake(
            pattern: pattern, initiator: false, dh: X25519DH(), prologue: hex(v.init_prologue), s: key(v.resp_static),
            rs: v.resp_remote_static.map(hex), psk: psk, e: key(v.resp_ephemeral))
        return (initiator, responder)
    }

    @Test func bothPatternsAreInTheFixture() {
        #expect(Set(Self.vectors.map(\.protocol_name)) == ["Noise_KNpsk0_25519_AESGCM_SHA256", "Noise_NKpsk0_25519_AESGCM_SHA256"])
    }

    @Test(arguments: vectors.map(\.protocol_name))
    func matchesThePublishedVector(_ name: String) throws {
        let v = try #require(Self.vectors.first { $0.protocol_name == name })
        var (initiator, responder) = try Self.sides(v)
        // The two handshake messages: initiator then responder.
        let first = try initiator.writeMessage(payload: hex(v.messages[0].payload))
        #expect(hexString(first) == v.messages[0].ciphertext)
        #expect(try responder.readMessage(first) == hex(v.messages[0].payload))
        let second = try responder.writeMessage(payload: hex(v.messages[1].payload))
        #expect(hexString(second) == v.messages[1].ciphertext)
        #expect(try initiator.readMessage(second) == hex(v.messages[1].payload))
        #expect(hexString(initiator.handshakeHash) == v.handshake_hash)
        #expect(responder.handshakeHash == initiator.handshakeHash)

        // Transport messages alternate from the initiator, each side with its split ciphers.
        var (iSend, iReceive) = try initiator.split()
        var (rSend, rReceive) = try responder.split()
        for (index, message) in v.messages.enumerated().dropFirst(2) {
            let payload = hex(message.payload)
            let fromInitiator = index % 2 == 0
            let sealed = fromInitiator ? try iSend.encrypt(ad: [], plaintext: payload) : try rSend.encrypt(ad: [], plaintext: payload)
            #expect(hexString(sealed) == message.ciphertext, "message \(index)")
            let opened = fromInitiator ? try rReceive.decrypt(ad: [], ciphertext: sealed) : try iReceive.decrypt(ad: [], ciphertext: sealed)
            #expect(opened == payload)
        }
    }

    @Test(arguments: vectors.map(\.protocol_name))
    func aChangedByteOrAWrongPSKIsRefused(_ name: String) throws {
        let v = try #require(Self.vectors.first { $0.protocol_name == name })
        var (initiator, responder) = try Self.sides(v)
        var first = try initiator.writeMessage()
        first[first.count - 1] ^= 0x01
        #expect(throws: NoiseError.decryptionFailed) { _ = try responder.readMessage(first) }

        (initiator, _) = try Self.sides(v)
        var wrong = try NoiseHandshake(
            pattern: Self.pattern(name), initiator: false, dh: X25519DH(), prologue: hex(v.init_prologue),
            s: Self.key(v.resp_static), rs: v.resp_remote_static.map(hex), psk: [UInt8](repeating: 7, count: 32))
        #expect(throws: NoiseError.decryptionFailed) { _ = try wrong.readMessage(try initiator.writeMessage()) }
        // A message cut short is refused, never read past its end.
        (initiator, responder) = try Self.sides(v)
        let short = Array(try initiator.writeMessage().prefix(20))
        #expect(throws: NoiseError.truncated) { _ = try responder.readMessage(short) }
    }

    /// The same machine with P-256, as hybrid runs it: a fresh KNpsk0 handshake between two sides.
    @Test func p256HandshakeAgreesOnKeys() throws {
        let laptop = P256KeyPair(try P256PrivateKey.generate())
        let psk = [UInt8](repeating: 0x42, count: 32)
        var initiator = try NoiseHandshake(pattern: .KNpsk0, initiator: true, dh: P256DH(), prologue: [1], s: laptop, psk: psk)
        var responder = try NoiseHandshake(pattern: .KNpsk0, initiator: false, dh: P256DH(), prologue: [1], rs: laptop.publicKey, psk: psk)
        let first = try initiator.writeMessage()
        #expect(first.count == 65 + 16)
        _ = try responder.readMessage(first)
        _ = try initiator.readMessage(try responder.writeMessage())
        var (send, _) = try initiator.split()
        var (_, receive) = try responder.split()
        #expect(try receive.decrypt(ad: [], ciphertext: try send.encrypt(ad: [], plaintext: Array("ping".utf8))) == Array("ping".utf8))
    }
}
