import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import CTAP

/// CTAPHID framing (§11.2) without threads: channel allocation, multi-packet messages, busy
/// channels, sequence errors, timeouts on an injected clock, cancel and resynchronisation.
@Suite struct CTAPHIDFramerTests {
    typealias F = CTAPHIDFramer
    let t0 = Date(timeIntervalSince1970: 1_000_000)

    func initPacket(_ channel: UInt32, _ command: UInt8, total: Int, _ data: [UInt8]) -> [UInt8] {
        let id = withUnsafeBytes(of: channel.bigEndian) { Array($0) }
        let p = id + [command | 0x80, UInt8(total >> 8), UInt8(total & 0xFF)] + data.prefix(57)
        return p + [UInt8](repeating: 0, count: 64 - p.count)
    }

    func allocate(_ framer: F) -> UInt32 {
        let events = framer.receive(initPacket(F.broadcast, F.Command.initialize.rawValue, total: 8, [1, 2, 3, 4, 5, 6, 7, 8]), at: t0)
        guard case .reply(_, _, let payload)? = events.first else { return 0 }
        return UInt32(payload[8]) << 24 | UInt32(payload[9]) << 16 | UInt32(payload[10]) << 8 | UInt32(payload[11])
    }

    @Test func aMessageSpanningPacketsIsReassembled() {
        let framer = F()
        let channel = allocate(framer)
        #expect(channel != 0 && channel != F.broadcast)
        let payload = (0..<300).map { UInt8($0 & 0xFF) }
        let reports = F.reports(channel: channel, command: F.Command.cbor.rawValue, payload: payload)
        #expect(reports.count == 1 + 5 && reports.allSatisfy { $0.count == 64 })
        var events: [F.Event] = []
        for r in reports { events += framer.receive(r, at: t0) }
        #expect(events == [.message(.init(channel: channel, command: F.Command.cbor.rawValue, payload: payload))])
    }

    @Test func errorsForChannelsSequenceAndLength() {
        let framer = F()
        let a = allocate(framer)
        let b = allocate(framer)
        let err = F.Command.error.rawValue
        #expect(
            framer.receive(initPacket(0x1234_5678, F.Command.ping.rawValue, total: 1, [0]), at: t0)
                == [.reply(channel: 0x1234_5678, command: err, payload: [F.HIDError.invalidChannel.rawValue])])
        #expect(
            framer.receive(initPacket(F.broadcast, F.Command.ping.rawValue, total: 1, [0]), at: t0)
                == [.reply(channel: F.broadcast, command: err, payload: [F.HIDError.invalidChannel.rawValue])])
        #expect(
            framer.receive(initPacket(a, F.Command.cbor.rawValue, total: 8000, []), at: t0)
                == [.reply(channel: a, command: err, payload: [F.HIDError.invalidLength.rawValue])])
        // a starts a two-packet message; b is told the device is busy; a's wrong sequence ends it.
        #expect(framer.receive(initPacket(a, F.Command.cbor.rawValue, total: 100, [1]), at: t0).isEmpty)
        #expect(
            framer.receive(initPacket(b, F.Command.ping.rawValue, total: 1, [0]), at: t0)
                == [.reply(channel: b, command: err, payload: [F.HIDError.channelBusy.rawValue])])
        var wrongSeq = withUnsafeBytes(of: a.bigEndian) { Array($0) } + [3]
        wrongSeq += [UInt8](repeating: 0, count: 64 - wrongSeq.count)
        #expect(framer.receive(wrongSeq, at: t0) == [.reply(channel: a, command: err, payload: [F.HIDError.invalidSeq.rawValue])])
        // A continuation nobody started is ignored.
        #expect(framer.receive(wrongSeq, at: t0).isEmpty)
        // Reports of another size are not reports.
        #expect(framer.receive([0, 1, 2], at: t0).isEmpty)
    }

    @Test func anUnfinishedMessageTimesOut() {
        let framer = F(timeout: 3)
        let a = allocate(framer)
        #expect(framer.receive(initPacket(a, F.Command.cbor.rawValue, total: 100, [1]), at: t0).isEmpty)
        #expect(framer.expire(at: t0.addingTimeInterval(2.9)).isEmpty)
        #expect(
            framer.expire(at: t0.addingTimeInterval(3.1)) == [
                .reply(channel: a, command: F.Command.error.rawValue, payload: [F.HIDError.messageTimeout.rawValue])
            ])
        // The device is free again.
        #expect(
            framer.receive(initPacket(a, F.Command.ping.rawValue, total: 1, [9]), at: t0) == [
                .message(.init(channel: a, command: 1, payload: [9]))
            ])
    }

    @Test func cancelAndResyncReachTheBusyChannel() {
        let framer = F()
        let a = allocate(framer)
        framer.busyChannel = a
        #expect(framer.receive(initPacket(a, F.Command.cancel.rawValue, total: 0, []), at: t0) == [.cancel(channel: a)])
        let resync = framer.receive(initPacket(a, F.Command.initialize.rawValue, total: 8, [8, 7, 6, 5, 4, 3, 2, 1]), at: t0)
        #expect(resync.first == .abandon(channel: a))
        guard case .reply(let channel, _, let payload)? = resync.last else {
            Issue.record("no INIT reply")
            return
        }
        #expect(
            channel == a && Array(payload[..<8]) == [8, 7, 6, 5, 4, 3, 2, 1]
                && Array(payload[8..<12]) == withUnsafeBytes(of: a.bigEndian) { Array($0) })
    }

    /// Acceptance: 10^5 framing inputs (random reports and mutations of valid ones, on live and
    /// unknown channels) never crash or wedge the framer: a well-formed INIT and PING still work.
    @Test func fuzzedReportsLeaveTheFramerWorking() {
        var rng = SplitMix64(seed: 0xC7A9_11D0)
        let framer = F(timeout: 3)
        let live = (0..<4).map { _ in allocate(framer) }
        var clock = t0
        var seeds: [[UInt8]] = F.reports(channel: live[0], command: F.Command.cbor.rawValue, payload: [UInt8](repeating: 0xA5, count: 200))
        seeds.append(initPacket(F.broadcast, F.Command.initialize.rawValue, total: 8, [1, 2, 3, 4, 5, 6, 7, 8]))
        seeds.append(initPacket(live[1], F.Command.cancel.rawValue, total: 0, []))
        var messages = 0
        for i in 0..<100_000 {
            var report: [UInt8]
            if i % 3 == 0 {
                report = (0..<64).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if i % 6 == 0 {
                    report.replaceSubrange(0..<4, with: withUnsafeBytes(of: live[Int(rng.next() % 4)].bigEndian) { Array($0) })
                }
            } else {
                report = rng.mutate(seeds[Int(rng.next() % UInt64(seeds.count))])
                if report.count != 64 { report = Array((report + [UInt8](repeating: 0, count: 64)).prefix(64)) }
            }
            clock = clock.addingTimeInterval(Double(rng.next() % 100) / 1000)
            for event in framer.receive(report, at: clock) + framer.expire(at: clock) {
                if case .message(let m) = event {
                    messages += 1
                    #expect(m.payload.count <= F.maximumMessage)
                }
            }
            framer.busyChannel = nil
        }
        let fresh = allocate(framer)
        _ = framer.expire(at: clock.addingTimeInterval(10))
        #expect(fresh != 0)
        #expect(
            framer.receive(initPacket(fresh, F.Command.ping.rawValue, total: 3, [1, 2, 3]), at: clock.addingTimeInterval(10))
                == [.message(.init(channel: fresh, command: F.Command.ping.rawValue, payload: [1, 2, 3]))])
        #expect(messages > 0)
    }
}

/// The server in front of the framer: a channel answers only the connection that opened it.
@Suite struct CTAPHIDServerTests {
    final class Wire: @unchecked Sendable {
        let lock = NSLock()
        var reports: [(Int, [UInt8])] = []
        func add(_ c: Int, _ r: [UInt8]) { lock.withLock { reports.append((c, r)) } }
        func take() -> [(Int, [UInt8])] {
            lock.withLock {
                defer { reports = [] }
                return reports
            }
        }
    }

    @Test func anotherConnectionCannotUseOrReadAChannel() throws {
        let wire = Wire()
        let server = CTAPHIDServer(device: try CTAPDevice()) { wire.add($0, $1) }
        defer { server.stop() }
        let initReport = CTAPHIDFramer.reports(
            channel: CTAPHIDFramer.broadcast, command: CTAPHIDFramer.Command.initialize.rawValue,
            payload: [1, 2, 3, 4, 5, 6, 7, 8])[0]
        server.receive(initReport, from: 1)
        let answer = try #require(wire.take().first)
        #expect(answer.0 == 1)
        let channel = UInt32(answer.1[15]) << 24 | UInt32(answer.1[16]) << 16 | UInt32(answer.1[17]) << 8 | UInt32(answer.1[18])
        let ping = CTAPHIDFramer.reports(channel: channel, command: CTAPHIDFramer.Command.ping.rawValue, payload: [42])[0]
        server.receive(ping, from: 2)
        let refused = wire.take()
        #expect(
            refused.count == 1 && refused[0].0 == 2 && refused[0].1[4] == 0x80 | CTAPHIDFramer.Command.error.rawValue
                && refused[0].1[7] == CTAPHIDFramer.HIDError.invalidChannel.rawValue)
        server.receive(ping, from: 1)
        let echoed = wire.take()
        #expect(echoed.count == 1 && echoed[0].0 == 1 && echoed[0].1[7] == 42)
    }

    /// A host that stops halfway through a message gets ERR_MSG_TIMEOUT from the server's own
    /// timer (its clock discounts stalls of this process, so this also shows that a host that
    /// really went quiet is still timed out), and the channel then works again.
    @Test func aMessageLeftHalfwayTimesOutThroughTheServersTimer() throws {
        let wire = Wire()
        let server = CTAPHIDServer(device: try CTAPDevice(), timeout: 0.5) { wire.add($0, $1) }
        defer { server.stop() }
        let channel = try open(server, wire, from: 1)
        let reports = CTAPHIDFramer.reports(
            channel: channel, command: CTAPHIDFramer.Command.ping.rawValue, payload: [UInt8](repeating: 7, count: 200))
        #expect(reports.count > 1)
        server.receive(reports[0], from: 1)
        var seen: [[UInt8]] = []
        let deadline = Date().addingTimeInterval(120)
        while seen.isEmpty && Date() < deadline {
            seen = wire.take().map(\.1)
            usleep(10_000)
        }
        #expect(
            seen.count == 1 && seen.first?[4] == 0x80 | CTAPHIDFramer.Command.error.rawValue
                && seen.first?[7] == CTAPHIDFramer.HIDError.messageTimeout.rawValue, "\(seen)")
        server.receive(CTAPHIDFramer.reports(channel: channel, command: CTAPHIDFramer.Command.ping.rawValue, payload: [42])[0], from: 1)
        #expect(wire.take().first?.1[7] == 42)
    }

    /// Waits for the host to cancel (or 120 s, so a broken test ends instead of hanging).
    struct TouchThatWaitsForCancel: UserPresence {
        let asked = DispatchSemaphore(value: 0)
        func confirm(_ request: PresenceRequest, isCancelled: @Sendable () -> Bool) -> PresenceAnswer {
            asked.signal()
            let deadline = Date().addingTimeInterval(120)
            while !isCancelled() && Date() < deadline { usleep(1000) }
            return .cancelled
        }
    }

    func open(_ server: CTAPHIDServer, _ wire: Wire, from connection: Int) throws -> UInt32 {
        server.receive(
            CTAPHIDFramer.reports(
                channel: CTAPHIDFramer.broadcast, command: CTAPHIDFramer.Command.initialize.rawValue,
                payload: [1, 2, 3, 4, 5, 6, 7, 8])[0], from: connection)
        let answer = try #require(wire.take().first)
        return UInt32(answer.1[15]) << 24 | UInt32(answer.1[16]) << 16 | UInt32(answer.1[17]) << 8 | UInt32(answer.1[18])
    }

    /// Sends getInfo on `channel` and collects reports until its CBOR answer: everything the
    /// work queue had before it has then been answered too.
    func getInfo(_ server: CTAPHIDServer, _ wire: Wire, channel: UInt32, from connection: Int) -> [[UInt8]] {
        for report in CTAPHIDFramer.reports(
            channel: channel, command: CTAPHIDFramer.Command.cbor.rawValue, payload: [CTAPDevice.Command.getInfo.rawValue])
        {
            server.receive(report, from: connection)
        }
        var seen: [[UInt8]] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            seen += wire.take().map(\.1)
            if seen.contains(where: { $0[4] == 0x80 | CTAPHIDFramer.Command.cbor.rawValue && $0[7] == CTAPStatus.ok.rawValue }) { break }
            usleep(1000)
        }
        return seen
    }

    /// §11.2.9.1.3: INIT on the channel whose command waits for a touch drops that command. The
    /// INIT answer comes, and no CBOR answer to the dropped command ever follows it.
    @Test func initOnTheBusyChannelDropsItsCommand() throws {
        let wire = Wire()
        let presence = TouchThatWaitsForCancel()
        let server = CTAPHIDServer(device: try CTAPDevice(presence: presence)) { wire.add($0, $1) }
        defer { server.stop() }
        let channel = try open(server, wire, from: 1)
        let request: [UInt8] =
            [CTAPDevice.Command.makeCredential.rawValue]
            + CBOREncoder.encode(
                .map([
                    (.int(1), .bytes(SystemRandom.bytes(32))), (.int(2), .map([(.text("id"), .text("example.com"))])),
                    (.int(3), .map([(.text("id"), .bytes([1])), (.text("name"), .text("u"))])),
                    (.int(4), .array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])),
                ]))
        for report in CTAPHIDFramer.reports(channel: channel, command: CTAPHIDFramer.Command.cbor.rawValue, payload: request) {
            server.receive(report, from: 1)
        }
        #expect(presence.asked.wait(timeout: .now() + 120) == .success)
        server.receive(
            CTAPHIDFramer.reports(
                channel: channel, command: CTAPHIDFramer.Command.initialize.rawValue,
                payload: [9, 9, 9, 9, 9, 9, 9, 9])[0], from: 1)
        // Once the dropped command has ended, a PING on the channel is echoed (not CHANNEL_BUSY).
        var seen: [[UInt8]] = []
        let ping = CTAPHIDFramer.reports(channel: channel, command: CTAPHIDFramer.Command.ping.rawValue, payload: [42])[0]
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            server.receive(ping, from: 1)
            usleep(2000)
            seen += wire.take().map(\.1)
            if seen.contains(where: { $0[4] == 0x80 | CTAPHIDFramer.Command.ping.rawValue }) { break }
        }
        // A later command's answer: anything the dropped command sent has arrived by then.
        seen += getInfo(server, wire, channel: channel, from: 1)
        #expect(
            seen.contains { $0[4] == 0x80 | CTAPHIDFramer.Command.initialize.rawValue && Array($0[7..<15]) == [9, 9, 9, 9, 9, 9, 9, 9] })
        #expect(seen.contains { $0[4] == 0x80 | CTAPHIDFramer.Command.ping.rawValue })
        let answers = seen.filter { $0[4] == 0x80 | CTAPHIDFramer.Command.cbor.rawValue }
        #expect(answers.count == 1 && answers.first?[7] == CTAPStatus.ok.rawValue, "the dropped command answered: \(answers.map { $0[7] })")
    }

    /// The last host going away unplugs the key: PIN_AUTH_BLOCKED ends (§6.5.5.5), the retries stay spent.
    @Test func theLastHostLeavingIsAPowerCycle() throws {
        let wire = Wire()
        let device = try CTAPDevice()
        let server = CTAPHIDServer(device: device) { wire.add($0, $1) }
        defer { server.stop() }
        _ = try open(server, wire, from: 1)
        let second = try open(server, wire, from: 2)
        let host = CTAPHost(device: device)
        #expect(try host.setPIN("2468") == .ok)
        for _ in 0..<3 { _ = try host.tokenStatus("0000", permissions: 1, rpId: "example.com") }
        #expect(try host.tokenStatus("2468", permissions: 1, rpId: "example.com") == .pinAuthBlocked)
        server.disconnected(1)
        // Host 2 is still there: no power cycle (drained: one would have run before this getInfo).
        _ = getInfo(server, wire, channel: second, from: 2)
        #expect(try host.tokenStatus("2468", permissions: 1, rpId: "example.com") == .pinAuthBlocked)
        server.disconnected(2)
        var status = CTAPStatus.pinAuthBlocked
        let deadline = Date().addingTimeInterval(120)
        while status == .pinAuthBlocked && Date() < deadline {
            usleep(1000)
            status = try host.tokenStatus("2468", permissions: 1, rpId: "example.com")
        }
        #expect(status == .ok)
        #expect(host.call(.clientPIN, [(0x01, 2), (0x02, 1)]).body?[int: 3] == .int(8), "a correct PIN restores the retries")
    }

    /// A host that sends its next command the moment it has an answer (as from the answer's own
    /// send call here) never finds the channel still busy.
    @Test func theNextCommandRightAfterAnAnswerIsAccepted() throws {
        final class EagerHost: @unchecked Sendable {
            let lock = NSLock()
            var server: CTAPHIDServer?
            var channel: UInt32 = 0
            var statuses: [UInt8] = []
            var errors = 0
            let done = DispatchSemaphore(value: 0)
            static let retries: [UInt8] =
                [CTAPDevice.Command.clientPIN.rawValue] + CBOREncoder.encode(.map([(.int(1), .int(2)), (.int(2), .int(1))]))
            func send() {
                for report in CTAPHIDFramer.reports(channel: channel, command: CTAPHIDFramer.Command.cbor.rawValue, payload: Self.retries) {
                    server?.receive(report, from: 1)
                }
            }
            func received(_ report: [UInt8]) {
                let next: Bool = lock.withLock {
                    if report[4] == 0x80 | CTAPHIDFramer.Command.error.rawValue {
                        errors += 1
                        return false
                    }
                    guard report[4] == 0x80 | CTAPHIDFramer.Command.cbor.rawValue else { return false }
                    statuses.append(report[7])
                    return statuses.count < 200
                }
                if next {
                    send()
                } else if report[4] & 0x80 != 0, report[4] != 0x80 | CTAPHIDFramer.Command.keepalive.rawValue {
                    done.signal()
                }
            }
        }
        let host = EagerHost()
        let wire = Wire()
        let server = CTAPHIDServer(device: try CTAPDevice()) { connection, report in
            if host.channel == 0 { wire.add(connection, report) } else { host.received(report) }
        }
        defer { server.stop() }
        host.server = server
        host.channel = try open(server, wire, from: 1)
        host.send()
        #expect(host.done.wait(timeout: .now() + 120) == .success)
        #expect(host.errors == 0, "CHANNEL_BUSY or another error after an answer")
        #expect(host.statuses.count == 200 && host.statuses.allSatisfy { $0 == CTAPStatus.ok.rawValue })
    }
}
