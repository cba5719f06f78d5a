import Encoding
import Foundation
import HybridTunnel
import LatchkeyCrypto
import TestSupport
import Testing

@testable import Hybrid

/// The tunnel service from the side of a client that wants to fill it: one peer (127.0.0.2)
/// takes all the tunnels and connections it may, sends half a request, keeps a joined pair alive;
/// an honest phone and laptop (127.0.0.1) still get through, and nothing outlives its limit.
@Suite(.serialized) struct TunnelLimitTests {
    static let attacker = "127.0.0.2"

    func newTunnel(_ client: RawTunnelClient, port: Int, id: String = Hex.upper(SystemRandom.bytes(16))) async throws -> String? {
        try await client.send(RawTunnelClient.upgradeRequest("/cable/new/\(id)", port: port))
        guard let head = await client.replyHead(), head.hasPrefix("HTTP/1.1 101") else { return nil }
        let routing = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-cable-routing-id:") }
        return routing.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) }
    }

    @Test func oneFilledPeerLeavesRoomForAnHonestPair() async throws {
        let limits = TunnelLimits(tunnelsPerPeer: 6, waitingTunnelsPerPeer: 4, connectionsPerPeer: 16, requestDeadline: 600)
        let service = try await TunnelService.start(limits: limits)
        let port = service.port
        var held: [RawTunnelClient] = []
        // Four waiting tunnels; the fifth is refused while they wait.
        var waiting: [(routing: String, id: String)] = []
        for _ in 0..<4 {
            let phone = try await RawTunnelClient.connect(port: port, from: Self.attacker)
            let id = Hex.upper(SystemRandom.bytes(16))
            waiting.append((try #require(try await newTunnel(phone, port: port, id: id)), id))
            held.append(phone)
        }
        let fifth = try await RawTunnelClient.connect(port: port, from: Self.attacker)
        #expect(try await newTunnel(fifth, port: port) == nil, "a peer's fifth waiting tunnel")
        // Joining its own tunnels frees waiting places, but not more than six tunnels in all.
        for (routing, id) in waiting.prefix(2) {
            let laptop = try await RawTunnelClient.connect(port: port, from: Self.attacker)
            try await laptop.send(RawTunnelClient.upgradeRequest("/cable/connect/\(routing)/\(id)", port: port))
            #expect(await laptop.replyHead()?.hasPrefix("HTTP/1.1 101") == true)
            held.append(laptop)
        }
        for expected in [true, true, false] {
            let phone = try await RawTunnelClient.connect(port: port, from: Self.attacker)
            #expect((try await newTunnel(phone, port: port) != nil) == expected, "tunnels past six are refused")
            held.append(phone)
        }
        let open = await service.openTunnels
        #expect(open == 6, "\(open) tunnels open")
        // Connections past the peer's limit are closed before a byte is read.
        var radios = 0
        var shut = 0
        for _ in 0..<20 {
            let idle = try await RawTunnelClient.connect(port: port, from: Self.attacker)
            // one closed at accept cannot be written to: it counts as shut below
            try? await idle.send(RawTunnelClient.upgradeRequest("/radio", port: port))
            if await idle.replyHead()?.hasPrefix("HTTP/1.1 101") == true { radios += 1 } else { shut += 1 }
            held.append(idle)
        }
        // It holds 8 (4 + 2 + 2); the two it was refused on may still be closing.
        #expect((6...8).contains(radios) && radios + shut == 20, "\(radios) radios, \(shut) shut")

        // The honest pair, another peer, connects and talks.
        let base = try #require(URL(string: service.baseURL))
        let tunnelId = Hex.upper(SystemRandom.bytes(16))
        try await WebSocketClient.withSession(base.appendingPathComponent("cable/new/\(tunnelId)")) { phone in
            let routing = try #require(phone.responseHeaders.first(name: "X-caBLE-Routing-ID"))
            try await WebSocketClient.withSession(base.appendingPathComponent("cable/connect/\(routing)/\(tunnelId)")) { laptop in
                try await laptop.send([1, 2, 3])
                #expect(try await phone.receive() == [1, 2, 3])
                await laptop.close()
            }
        }
        for client in held { await client.close() }
        await service.stop()
    }

    @Test func aHalfSentRequestIsClosedAtItsDeadline() async throws {
        // 5 s: long enough for the radio's upgrade on a loaded box, short enough to wait out.
        let service = try await TunnelService.start(limits: TunnelLimits(requestDeadline: 5))
        let port = service.port
        // A WebSocket made in time is no longer under the deadline.
        let radio = try await RawTunnelClient.connect(port: port, from: Self.attacker)
        try await radio.send(RawTunnelClient.upgradeRequest("/radio", port: port))
        #expect(await radio.replyHead()?.hasPrefix("HTTP/1.1 101") == true)
        let half = try await RawTunnelClient.connect(port: port, from: Self.attacker)
        try await half.send("GET /cable/new/00")
        #expect(await half.closed(within: .seconds(60)), "the half-sent request is still open")
        // The radio, accepted before it, answers a ping after that deadline: it was disarmed.
        let mask: [UInt8] = [1, 2, 3, 4]
        try await radio.send([0x89, 0x84] + mask + zip([0x70, 0x69, 0x6E, 0x67] as [UInt8], mask).map { $0 ^ $1 })
        #expect(await radio.bytes(6) == [0x8A, 0x04, 0x70, 0x69, 0x6E, 0x67], "the radio's pong")
        await radio.close()
        await service.stop()
    }

    @Test func aTunnelEndsAtItsLifetimeWhateverThePings() async throws {
        // The laptop must join within the waiting lifetime: 10 s leaves room on a loaded box.
        let service = try await TunnelService.start(limits: TunnelLimits(lifetime: 10, waitingLifetime: 10))
        let base = try #require(URL(string: service.baseURL))
        let tunnelId = Hex.upper(SystemRandom.bytes(16))
        try await WebSocketClient.withSession(base.appendingPathComponent("cable/new/\(tunnelId)")) { phone in
            let routing = try #require(phone.responseHeaders.first(name: "X-caBLE-Routing-ID"))
            try await WebSocketClient.withSession(base.appendingPathComponent("cable/connect/\(routing)/\(tunnelId)")) { laptop in
                // The phone keeps reading (and answers pings as it reads); the service ends it anyway.
                try await laptop.send([9])
                #expect(try await phone.receive() == [9])
                #expect(try await phone.receive() == nil, "the phone's end closes at the lifetime")
                #expect(try await laptop.receive() == nil, "and the laptop's with it")
            }
        }
        #expect(await eventually { await service.openTunnels == 0 })
        // A phone nobody joins is ended at the waiting lifetime.
        try await WebSocketClient.withSession(base.appendingPathComponent("cable/new/\(Hex.upper(SystemRandom.bytes(16)))")) { phone in
            let end = try await phone.receive()
            #expect(end == nil, "the unjoined phone's end closes at the waiting lifetime")
        }
        #expect(await eventually { await service.openTunnels == 0 })
        await service.stop()
    }

    @Test func limitsThatContradictEachOtherAreRefused() async throws {
        await #expect(throws: TunnelServiceError.self) { try await TunnelService.start(limits: TunnelLimits(waitingTunnelsPerPeer: 99)) }
        await #expect(throws: TunnelServiceError.self) { try await TunnelService.start(limits: TunnelLimits(requestDeadline: 0)) }
        #expect(TunnelLimits(lifetime: 10, waitingLifetime: 20).problem?.contains("waiting lifetime") == true)
    }
}
