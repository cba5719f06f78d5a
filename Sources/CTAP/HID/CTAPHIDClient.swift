import Foundation
import LatchkeyCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// The host side of CTAPHID (CTAP 2.1 §11.2) over a device's Unix socket: CTAPHID_INIT on the
/// broadcast channel for a channel of its own, then requests framed into 64-byte reports and
/// replies reassembled, KEEPALIVE reports skipped. What a test or the bench speaks to
/// `latchkey ctap serve` with; blocking, one request at a time.
public final class CTAPHIDClient {
    public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The socket closed (or failed) mid-exchange.
        case closed
        /// The device answered CTAPHID_ERROR with this code.
        case hidError(UInt8)
        /// A reply that does not follow the framing (wrong channel, command, sequence, nonce).
        case malformed(String)

        public var description: String {
            switch self {
            case .closed: return "the device closed the connection"
            case .hidError(let code): return "the device answered CTAPHID_ERROR 0x\(String(code, radix: 16))"
            case .malformed(let what): return "malformed CTAPHID reply: \(what)"
            }
        }
    }

    private let fd: Int32
    /// The channel CTAPHID_INIT allocated to this client.
    public private(set) var channel: UInt32 = CTAPHIDFramer.broadcast

    /// Connects to the device's socket and allocates a channel.
    public init(socketPath: String) throws {
        fd = try UnixSocketTransport.connect(to: socketPath)
        do {
            let nonce = SystemRandom.bytes(8)
            let reply = try call(CTAPHIDFramer.Command.initialize.rawValue, nonce)
            // nonce (8) ‖ channel id (4) ‖ protocol version, device versions, capabilities (5)
            guard reply.count >= 17, Array(reply[0..<8]) == nonce else { throw ClientError.malformed("INIT reply") }
            channel = reply[8..<12].reduce(0) { $0 << 8 | UInt32($1) }
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit { Glibc.close(fd) }

    /// authenticator API command (CTAPHID_CBOR): `request` is the command byte and its CBOR
    /// parameters; the reply is the status byte and its CBOR.
    public func cbor(_ request: [UInt8]) throws -> [UInt8] {
        try call(CTAPHIDFramer.Command.cbor.rawValue, request)
    }

    /// One CTAPHID transaction on this client's channel: the reply's payload.
    public func call(_ command: UInt8, _ payload: [UInt8]) throws -> [UInt8] {
        for report in CTAPHIDFramer.reports(channel: channel, command: command, payload: payload) {
            let sent = report.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == report.count else { throw ClientError.closed }
        }
        var report = [UInt8](repeating: 0, count: CTAPHIDFramer.reportSize)
        while true {
            try readReport(&report)
            let from = report[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
            // An INIT reply comes back on the broadcast channel; anything else on ours.
            guard from == channel else { continue }
            guard report[4] & 0x80 != 0 else { throw ClientError.malformed("a continuation packet before the first") }
            let replyCommand = report[4] & 0x7F
            if replyCommand == CTAPHIDFramer.Command.keepalive.rawValue { continue }
            let total = Int(report[5]) << 8 | Int(report[6])
            var data = Array(report[7..<min(CTAPHIDFramer.reportSize, 7 + total)])
            var sequence: UInt8 = 0
            while data.count < total {
                try readReport(&report)
                guard report[4] == sequence else { throw ClientError.malformed("continuation \(report[4]), expected \(sequence)") }
                data += report[5..<min(CTAPHIDFramer.reportSize, 5 + total - data.count)]
                sequence += 1
            }
            if replyCommand == CTAPHIDFramer.Command.error.rawValue { throw ClientError.hidError(data.first ?? 0) }
            guard replyCommand == command else { throw ClientError.malformed("reply command 0x\(String(replyCommand, radix: 16))") }
            return data
        }
    }

    private func readReport(_ buffer: inout [UInt8]) throws {
        var got = 0
        while got < CTAPHIDFramer.reportSize {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, CTAPHIDFramer.reportSize - got) }
            guard n > 0 else { throw ClientError.closed }
            got += n
        }
    }
}
