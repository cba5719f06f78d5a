import Foundation
import Testing

@testable import CTAP

/// Channel allocation under a flood of CTAPHID_INITs (issue 18): a host's INITs evict only its
/// own channels, the table of channels and their connections stays bounded, and a host that
/// goes away leaves nothing behind.
extension CTAPHIDServerTests {
    typealias F = CTAPHIDFramer

    func ping(_ server: CTAPHIDServer, _ wire: Wire, channel: UInt32, from connection: Int, _ byte: UInt8) -> [(Int, [UInt8])] {
        server.receive(F.reports(channel: channel, command: F.Command.ping.rawValue, payload: [byte])[0], from: connection)
        return wire.take()
    }

    func isEcho(_ replies: [(Int, [UInt8])], to connection: Int, _ byte: UInt8) -> Bool {
        replies.count == 1 && replies[0].0 == connection && replies[0].1[4] == 0x80 | F.Command.ping.rawValue && replies[0].1[7] == byte
    }

    func isError(_ replies: [(Int, [UInt8])], _ error: F.HIDError) -> Bool {
        replies.count == 1 && replies[0].1[4] == 0x80 | F.Command.error.rawValue && replies[0].1[7] == error.rawValue
    }

    @Test func twentyThousandINITsFromOneHostLeaveAnotherHostsChannel() throws {
        let wire = Wire()
        let server = CTAPHIDServer(device: try CTAPDevice()) { wire.add($0, $1) }
        defer { server.stop() }
        let a = try open(server, wire, from: 1)
        let firstOfB = try open(server, wire, from: 2)
        var lastOfB: UInt32 = 0
        for _ in 1..<20_000 { lastOfB = try open(server, wire, from: 2) }
        #expect(isEcho(ping(server, wire, channel: a, from: 1, 42), to: 1, 42), "host A lost its channel to host B's INITs")
        #expect(isEcho(ping(server, wire, channel: lastOfB, from: 2, 43), to: 2, 43))
        // B's quota made room from B's own oldest channels.
        #expect(isError(ping(server, wire, channel: firstOfB, from: 2, 44), .invalidChannel))
        #expect(server.channelCount == 1 + server.channelsPerConnection, "the channel table grew to \(server.channelCount)")
        server.disconnected(2)
        #expect(server.channelCount == 1)
        #expect(isEcho(ping(server, wire, channel: a, from: 1, 45), to: 1, 45))
        server.disconnected(1)
        #expect(server.channelCount == 0)
    }

    /// An INIT on the broadcast channel from `connection`: the new channel, or nil with the
    /// HID error that refused it.
    func initialize(_ server: CTAPHIDServer, _ wire: Wire, from connection: Int) -> (channel: UInt32?, error: UInt8?) {
        server.receive(
            F.reports(channel: F.broadcast, command: F.Command.initialize.rawValue, payload: [1, 2, 3, 4, 5, 6, 7, 8])[0], from: connection)
        guard let reply = wire.take().first else { return (nil, nil) }
        if reply.1[4] == 0x80 | F.Command.error.rawValue { return (nil, reply.1[7]) }
        return (UInt32(reply.1[15]) << 24 | UInt32(reply.1[16]) << 16 | UInt32(reply.1[17]) << 8 | UInt32(reply.1[18]), nil)
    }

    /// Many hosts at once: the table never passes its total, room comes from the host holding
    /// the most channels, and no host loses its newest channel to another's INIT; a newcomer
    /// when every host holds one channel only hears ERR_CHANNEL_BUSY.
    @Test func theChannelTableIsBoundedAcrossHostsAndNoHostLosesItsNewestChannel() throws {
        let wire = Wire()
        let server = CTAPHIDServer(device: try CTAPDevice(), channelsPerConnection: 4, maximumChannels: 16) { wire.add($0, $1) }
        defer { server.stop() }
        let a = try open(server, wire, from: 1)
        var newest: [Int: UInt32] = [:]
        var refusals: [UInt8] = []
        for connection in 2...40 {
            for _ in 0..<4 {
                let answer = initialize(server, wire, from: connection)
                if let channel = answer.channel { newest[connection] = channel } else { refusals.append(answer.error ?? 0) }
                #expect(server.channelCount <= 16)
            }
        }
        #expect(isEcho(ping(server, wire, channel: a, from: 1, 42), to: 1, 42))
        for (connection, channel) in newest.sorted(by: { $0.key < $1.key }) {
            #expect(
                isEcho(ping(server, wire, channel: channel, from: connection, UInt8(connection)), to: connection, UInt8(connection)),
                "host \(connection) lost its newest channel")
        }
        #expect(newest.count == 15, "each of 15 hosts besides A keeps one channel")
        #expect(!refusals.isEmpty && refusals.allSatisfy { $0 == F.HIDError.channelBusy.rawValue })
        for connection in 2...40 { server.disconnected(connection) }
        #expect(server.channelCount == 1)
        // With room again, a new host is given a channel.
        #expect(initialize(server, wire, from: 41).channel != nil)
    }
}
