import LatchkeyCrypto

/// The encryption of tunnel messages after the handshake (CTAP 2.2 §11.5.2, Chromium's
/// `cablev2::Crypter`): AES-256-GCM under the Noise split's keys, one key and one 32-bit counter
/// per direction, the nonce eight zero bytes then the counter big-endian, no associated data;
/// each plaintext padded to a multiple of 32 bytes, the last byte counting the zeros before it.
public struct TunnelCrypter: Sendable {
    private let sendKey: [UInt8]
    private let receiveKey: [UInt8]
    private var sent: UInt32 = 0
    private var received: UInt32 = 0

    static let padding = 32
    /// A decrypted message longer than this is refused (CTAP messages are a few KB).
    static let maxMessage = 64 * 1024

    public init(send: NoiseCipherState, receive: NoiseCipherState) throws {
        guard let sendKey = send.key, let receiveKey = receive.key else { throw NoiseError.handshakeNotFinished }
        self.init(sendKey: sendKey, receiveKey: receiveKey)
    }

    init(sendKey: [UInt8], receiveKey: [UInt8]) {
        self.sendKey = sendKey
        self.receiveKey = receiveKey
    }

    static func nonce(_ counter: UInt32) -> [UInt8] {
        [UInt8](repeating: 0, count: 8) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: counter >> $0) }
    }

    static func pad(_ message: [UInt8]) -> [UInt8] {
        let length = (message.count + padding) & ~(padding - 1)
        let zeros = length - message.count - 1
        return message + [UInt8](repeating: 0, count: zeros) + [UInt8(zeros)]
    }

    static func unpad(_ padded: [UInt8]) throws(HybridError) -> [UInt8] {
        guard let last = padded.last, Int(last) + 1 <= padded.count else { throw .badFrame("the padding is longer than the message") }
        return Array(padded[..<(padded.count - Int(last) - 1)])
    }

    public mutating func encrypt(_ message: [UInt8]) throws -> [UInt8] {
        guard sent < UInt32.max else { throw NoiseError.nonceExhausted }
        let box = try AESGCM.seal(Self.pad(message), key: sendKey, nonce: Self.nonce(sent))
        sent += 1
        return box.ciphertext + box.tag
    }

    public mutating func decrypt(_ frame: [UInt8]) throws -> [UInt8] {
        guard received < UInt32.max else { throw NoiseError.nonceExhausted }
        guard frame.count >= AESGCM.tagLength + Self.padding, frame.count <= Self.maxMessage + AESGCM.tagLength + Self.padding else {
            throw HybridError.badFrame("a tunnel message of \(frame.count) bytes")
        }
        let split = frame.count - AESGCM.tagLength
        let box = AESGCM.SealedBox(nonce: Self.nonce(received), ciphertext: Array(frame[..<split]), tag: Array(frame[split...]))
        let padded: [UInt8]
        do { padded = try AESGCM.open(box, key: receiveKey).bytes } catch {
            throw HybridError.badFrame("a tunnel message failed authentication")
        }
        received += 1
        return try Self.unpad(padded)
    }
}
