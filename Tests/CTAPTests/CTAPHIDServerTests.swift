import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import CTAP

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
