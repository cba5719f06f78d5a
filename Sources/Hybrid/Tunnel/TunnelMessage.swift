import CBOR

/// A decrypted tunnel message (caBLE v2.1 framing): a type byte, then its body.
public enum TunnelMessage: Equatable, Sendable {
    /// The sender is done; the other side closes.
    case shutdown
    /// A CTAP2 command (laptop → phone: command byte ‖ CBOR) or response (status ‖ CBOR).
    case ctap([UInt8])
    /// Linking information the phone may send later (read and ignored here).
    case update([UInt8])

    public var bytes: [UInt8] {
        switch self {
        case .shutdown: return [0]
        case .ctap(let body): return [1] + body
        case .update(let body): return [2] + body
        }
    }

    public init(_ bytes: [UInt8]) throws(HybridError) {
        guard let type = bytes.first else { throw .badFrame("an empty tunnel message") }
        let body = Array(bytes.dropFirst())
        switch type {
        case 0: self = .shutdown
        case 1: self = .ctap(body)
        case 2: self = .update(body)
        default: throw .badFrame("unknown tunnel message type \(type)")
        }
    }
}

/// The phone's first encrypted message (Chromium's post-handshake message): its getInfo
/// response (1) as CBOR bytes, and the features it supports (3).
public struct PostHandshakeMessage: Equatable, Sendable {
    public var getInfo: [UInt8]
    public var features: [String]

    public init(getInfo: [UInt8], features: [String] = ["ctap"]) {
        self.getInfo = getInfo
        self.features = features
    }

    public var bytes: [UInt8] {
        CBOREncoder.encode(.map([(1, .bytes(getInfo)), (3, .array(features.map { .text($0) }))]))
    }

    public init(_ bytes: [UInt8]) throws(HybridError) {
        let value: CBOR
        do { value = try CBORDecoder(maxDepth: 8, maxInputLength: 16 * 1024).decode(bytes) } catch {
            throw .badFrame("the post-handshake message is not CBOR")
        }
        guard let info = value[int: 1]?.bytesValue else { throw .badFrame("the post-handshake message has no getInfo") }
        getInfo = info
        features = value[int: 3]?.arrayValue?.compactMap(\.textValue) ?? []
    }
}
