import Foundation
import LatchkeyCrypto

/// CTAPHID framing (CTAP 2.1 §11.2.4–§11.2.9) as a state machine with no threads and no clock
/// of its own: 64-byte reports in, whole messages and replies out. Channels are allocated by
/// CTAPHID_INIT, each to the connection (host) that asked, and only that connection may use it;
/// one message is assembled or processed at a time, device-wide, and every other channel that
/// starts one meanwhile hears ERR_CHANNEL_BUSY.
///
/// The channel table is bounded twice, so a host that sends INIT after INIT costs only itself:
/// past `channelsPerConnection` a connection's new channel retires that connection's least
/// recently used one; past `maximumChannels` in all, the connection holding the most channels
/// gives up its least recently used one, but a connection's only channel is never taken for
/// another's INIT (that INIT hears ERR_CHANNEL_BUSY instead).
public final class CTAPHIDFramer {
    public static let reportSize = 64
    public static let broadcast: UInt32 = 0xFFFF_FFFF
    /// 57 bytes in the initialization packet and 59 in each of 128 continuation packets.
    public static let maximumMessage = 57 + 128 * 59
    /// A host (python-fido2, libfido2, a browser) opens one channel per device it opens; 16
    /// leaves room for several at once and for hosts that re-INIT without closing.
    public static let defaultChannelsPerConnection = 16
    public static let defaultMaximumChannels = 4096

    public enum Command: UInt8, Sendable {
        case ping = 0x01
        case msg = 0x03
        case lock = 0x04
        case initialize = 0x06
        case wink = 0x08
        case cbor = 0x10
        case cancel = 0x11
        case keepalive = 0x3B
        case error = 0x3F
    }

    public enum HIDError: UInt8, Sendable {
        case invalidCommand = 0x01
        case invalidParameter = 0x02
        case invalidLength = 0x03
        case invalidSeq = 0x04
        case messageTimeout = 0x05
        case channelBusy = 0x06
        case lockRequired = 0x0A
        case invalidChannel = 0x0B
        case other = 0x7F
    }

    public struct Message: Sendable, Equatable {
        public var channel: UInt32
        public var command: UInt8
        public var payload: [UInt8]
    }

    public enum Event: Sendable, Equatable {
        /// A whole request, to be processed.
        case message(Message)
        /// A reply the framer gives itself (INIT, errors).
        case reply(channel: UInt32, command: UInt8, payload: [UInt8])
        /// CTAPHID_CANCEL for the channel being processed: its command ends with KEEPALIVE_CANCEL.
        case cancel(channel: UInt32)
        /// CTAPHID_INIT on the channel being processed (§11.2.9.1.3): its command is dropped,
        /// and no answer to it may follow the INIT reply.
        case abandon(channel: UInt32)
    }

    private struct Assembly {
        var channel: UInt32
        var command: UInt8
        var total: Int
        var data: [UInt8]
        var nextSequence: UInt8
        var lastPacket: Date
    }

    /// How long a message may wait for its next continuation packet before ERR_MSG_TIMEOUT.
    let timeout: TimeInterval
    let random: any RandomSource
    public let channelsPerConnection: Int
    public let maximumChannels: Int
    private var assembly: Assembly?
    /// Who holds each allocated channel, and when a message last came on it (a counter, not a clock).
    private var channels: [UInt32: (connection: Int, lastUse: UInt64)] = [:]
    /// Each connection's channels, least recently used first; a connection holding none has no entry.
    private var owned: [Int: [UInt32]] = [:]
    private var uses: UInt64 = 0
    /// The channel whose message is being processed (the transport sets and clears it).
    public var busyChannel: UInt32?
    public var capabilities: UInt8 = 0x01 | 0x04 // WINK and CBOR; MSG is supported, so no NMSG

    /// - Parameters:
    ///   - channelsPerConnection: how many channels one connection may hold (at least 1).
    ///   - maximumChannels: how many channels all connections together may hold (at least 1).
    public init(
        timeout: TimeInterval = 3, random: any RandomSource = SystemRandom(),
        channelsPerConnection: Int = defaultChannelsPerConnection, maximumChannels: Int = defaultMaximumChannels
    ) {
        self.timeout = timeout
        self.random = random
        self.channelsPerConnection = max(1, channelsPerConnection)
        self.maximumChannels = max(1, maximumChannels)
    }

    /// How many channels are allocated, over all connections.
    public var channelCount: Int { channels.count }

    /// The connection that holds `channel`, if it is allocated.
    public func owner(of channel: UInt32) -> Int? { channels[channel]?.connection }

    /// A report from a host on `connection`. A report on a channel another connection holds is
    /// refused like one on an unallocated channel (ERR_INVALID_CHANNEL, or ignored when it is
    /// a continuation), so no host can use or resynchronise another's channel.
    public func receive(_ report: [UInt8], at now: Date, from connection: Int = 0) -> [Event] {
        guard report.count == Self.reportSize else { return [] }
        let channel = UInt32(report[0]) << 24 | UInt32(report[1]) << 16 | UInt32(report[2]) << 8 | UInt32(report[3])
        let kind = report[4]
        let mine = channels[channel]?.connection == connection
        if kind & 0x80 == 0 { return mine ? continuation(channel, sequence: kind, Array(report[5...]), at: now) : [] }
        let command = kind & 0x7F
        let total = Int(report[5]) << 8 | Int(report[6])
        let data = Array(report[7...])
        if channel == 0 { return [error(channel, .invalidChannel)] }
        if channel != Self.broadcast, !mine { return [error(channel, .invalidChannel)] }
        if command == Command.initialize.rawValue { return initialize(channel, total: total, data: data, from: connection) }
        guard channel != Self.broadcast else { return [error(channel, .invalidChannel)] }
        touch(channel)
        if command == Command.cancel.rawValue {
            if assembly?.channel == channel { assembly = nil }
            return busyChannel == channel ? [.cancel(channel: channel)] : []
        }
        if busyChannel != nil { return [error(channel, .channelBusy)] }
        if let current = assembly {
            if current.channel != channel { return [error(channel, .channelBusy)] }
            assembly = nil
            return [error(channel, .invalidSeq)]
        }
        guard total <= Self.maximumMessage else { return [error(channel, .invalidLength)] }
        let first = Array(data.prefix(total))
        if first.count == total { return [.message(Message(channel: channel, command: command, payload: first))] }
        assembly = Assembly(channel: channel, command: command, total: total, data: first, nextSequence: 0, lastPacket: now)
        return []
    }

    /// Whether a message is half received (its next packet may time out).
    public var isAssembling: Bool { assembly != nil }

    /// ERR_MSG_TIMEOUT for a message whose next packet is overdue.
    public func expire(at now: Date) -> [Event] {
        guard let current = assembly, now.timeIntervalSince(current.lastPacket) > timeout else { return [] }
        assembly = nil
        return [error(current.channel, .messageTimeout)]
    }

    private func continuation(_ channel: UInt32, sequence: UInt8, _ data: [UInt8], at now: Date) -> [Event] {
        // A continuation nobody started is ignored (§11.2.4: spurious packets).
        guard var current = assembly, current.channel == channel else { return [] }
        guard sequence == current.nextSequence else {
            assembly = nil
            return [error(channel, .invalidSeq)]
        }
        current.data += data.prefix(current.total - current.data.count)
        current.nextSequence += 1
        current.lastPacket = now
        if current.data.count == current.total {
            assembly = nil
            return [.message(Message(channel: channel, command: current.command, payload: current.data))]
        }
        assembly = current
        return []
    }

    /// CTAPHID_INIT (§11.2.9.1.3): a new channel on the broadcast one, a resynchronisation on an
    /// allocated one (which abandons whatever that channel was sending).
    private func initialize(_ channel: UInt32, total: Int, data: [UInt8], from connection: Int) -> [Event] {
        guard total == 8 else { return [error(channel, .invalidLength)] }
        let nonce = Array(data.prefix(8))
        var events: [Event] = []
        let replyChannel: UInt32
        if channel == Self.broadcast {
            guard let id = allocate(for: connection) else { return [error(channel, .channelBusy)] }
            replyChannel = id
        } else {
            // `receive` checked that the channel is allocated to this connection.
            touch(channel)
            if assembly?.channel == channel { assembly = nil }
            if busyChannel == channel { events.append(.abandon(channel: channel)) }
            replyChannel = channel
        }
        let id = withUnsafeBytes(of: replyChannel.bigEndian) { Array($0) }
        // Protocol version 2, device version 1.0.0, capabilities.
        events.append(.reply(channel: channel, command: Command.initialize.rawValue, payload: nonce + id + [2, 1, 0, 0, capabilities]))
        return events
    }

    /// A new channel for `connection`, after making room under both bounds; nil when there is
    /// no room that may be taken (see the type's comment).
    private func allocate(for connection: Int) -> UInt32? {
        if owned[connection, default: []].count >= channelsPerConnection, !retireLeastRecentlyUsed(of: connection) { return nil }
        if channels.count >= maximumChannels {
            guard let victim = connectionToShrink(for: connection), retireLeastRecentlyUsed(of: victim) else { return nil }
        }
        while true {
            let bytes = random.bytes(4)
            let id = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
            guard id != 0, id != Self.broadcast, channels[id] == nil else { continue }
            uses += 1
            channels[id] = (connection, uses)
            owned[connection, default: []].append(id)
            return id
        }
    }

    /// The connection that gives up a channel when the table is full: the one holding the most
    /// (the asker itself on a tie, else the one whose channel has waited longest since its last
    /// use), unless that is another connection's only channel.
    private func connectionToShrink(for asker: Int) -> Int? {
        var best: (connection: Int, count: Int, oldest: UInt64)?
        for (connection, list) in owned {
            guard let first = list.first, let oldest = channels[first]?.lastUse else { continue }
            let rank = (connection: connection, count: list.count, oldest: connection == asker ? 0 : oldest)
            if best == nil || rank.count > best!.count || (rank.count == best!.count && rank.oldest < best!.oldest) { best = rank }
        }
        guard let best, best.connection == asker || best.count > 1 else { return nil }
        return best.connection
    }

    /// Releases `connection`'s least recently used channel that is not in the middle of a
    /// message; false when every one of its channels is.
    private func retireLeastRecentlyUsed(of connection: Int) -> Bool {
        guard let victim = owned[connection]?.first(where: { $0 != busyChannel && $0 != assembly?.channel }) else { return false }
        release(victim)
        return true
    }

    /// A message came on `channel`: it becomes its connection's most recently used.
    private func touch(_ channel: UInt32) {
        guard let holder = channels[channel] else { return }
        uses += 1
        channels[channel]?.lastUse = uses
        if var list = owned[holder.connection], let index = list.firstIndex(of: channel) {
            list.remove(at: index)
            list.append(channel)
            owned[holder.connection] = list
        }
    }

    private func release(_ channel: UInt32) {
        guard let holder = channels.removeValue(forKey: channel) else { return }
        owned[holder.connection]?.removeAll { $0 == channel }
        if owned[holder.connection]?.isEmpty == true { owned[holder.connection] = nil }
        // A half-sent message on a channel that no longer exists would only time out later.
        if assembly?.channel == channel { assembly = nil }
    }

    /// The host on `connection` went away: every channel it held is free again.
    public func release(connection: Int) {
        for channel in owned[connection] ?? [] { release(channel) }
    }

    private func error(_ channel: UInt32, _ code: HIDError) -> Event {
        .reply(channel: channel, command: Command.error.rawValue, payload: [code.rawValue])
    }

    /// A message as reports: one initialization packet, then continuation packets, zero-padded.
    public static func reports(channel: UInt32, command: UInt8, payload: [UInt8]) -> [[UInt8]] {
        let id = withUnsafeBytes(of: channel.bigEndian) { Array($0) }
        var out: [[UInt8]] = []
        var first = id + [command | 0x80, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload.prefix(57)
        first += [UInt8](repeating: 0, count: reportSize - first.count)
        out.append(first)
        var offset = 57
        var sequence: UInt8 = 0
        while offset < payload.count {
            var packet = id + [sequence] + payload[offset..<min(payload.count, offset + 59)]
            packet += [UInt8](repeating: 0, count: reportSize - packet.count)
            out.append(packet)
            offset += 59
            sequence += 1
        }
        return out
    }
}
