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
