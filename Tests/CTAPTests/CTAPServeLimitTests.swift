import CBOR
import Foundation
import TestSupport
import Testing

@testable import CTAP

/// `latchkey ctap serve --max-resident-credentials`: the capacity a host reads in getInfo, and
/// the usage error for one that cannot hold a credential.
@Suite struct CTAPServeLimitTests {
    /// One CTAPHID exchange over the socket: INIT on the broadcast channel, then getInfo on the
    /// channel it gave; the getInfo response's CBOR.
    func getInfo(over socket: String) throws -> CBOR? {
        let fd = try UnixSocketTransport.connect(to: socket)
        defer { close(fd) }
        func send(_ channel: UInt32, _ command: CTAPHIDFramer.Command, _ payload: [UInt8]) {
            for report in CTAPHIDFramer.reports(channel: channel, command: command.rawValue, payload: payload) {
                _ = report.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            }
        }
        func read() -> [UInt8]? {
            var report = [UInt8](repeating: 0, count: 64)
            var got = 0
            while got < 64 {
                let n = report.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, 64 - got) }
                if n <= 0 { return nil }
                got += n
            }
            return report
        }
        send(CTAPHIDFramer.broadcast, .initialize, [1, 2, 3, 4, 5, 6, 7, 8])
        guard let answer = read() else { return nil }
        let channel = UInt32(answer[15]) << 24 | UInt32(answer[16]) << 16 | UInt32(answer[17]) << 8 | UInt32(answer[18])
        send(channel, .cbor, [CTAPDevice.Command.getInfo.rawValue])
        var message: [UInt8] = []
        var total = 0
        while let report = read() {
            if report[4] == 0x80 | CTAPHIDFramer.Command.keepalive.rawValue { continue }
            if report[4] & 0x80 != 0 {
                guard report[4] == 0x80 | CTAPHIDFramer.Command.cbor.rawValue else { return nil }
                total = Int(report[5]) << 8 | Int(report[6])
                message = Array(report[7...])
            } else {
                message += report[5...]
            }
            if message.count >= total { break }
        }
        message = Array(message.prefix(total))
        guard message.first == CTAPStatus.ok.rawValue else { return nil }
        return try CBORDecoder.decode(message.dropFirst())
    }

    @Test func theFlagSetsTheCapacityAHostReads() throws {
        let dir = try ScratchDirectory.make("ctap-capacity")
        let socket = dir.appendingPathComponent("k.sock").path
        let device = try DeviceProcess.start(["ctap", "serve", "--socket", socket, "--max-resident-credentials", "2"])
        defer { device.stop() }
        #expect(try getInfo(over: socket)?[int: 0x14] == .int(2))

        let refused = try ProcessRunner.run(
            ProcessRunner.product("latchkey"), ["ctap", "serve", "--socket", socket + "2", "--max-resident-credentials", "0"])
        #expect(refused.status == 2 && refused.stderr.contains("--max-resident-credentials"), "\(refused.stderr)")
    }
}
