import CBOR
import CTAP
import Foundation
@_spi(Benchmark) import LatchkeyCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// `bench --ctap`: getAssertion through the CTAP device, in process (CBOR in and out) and over
/// the Unix socket (CTAPHID reports both ways, a host on another thread of this process), each
/// paired with the raw OpenSSL sign, plus the socket's rate as a ratio to the in-process one.
enum CTAPBench {
    static func run(add: (String, () throws -> Void) throws -> Void, rows: () -> [BenchCommand.Row]) throws -> [BenchCommand.Row] {
        let device = try CTAPDevice()
        let hash = Digest.sha256("bench")
        let make =
            [CTAPDevice.Command.makeCredential.rawValue]
            + CBOREncoder.encode(
                .map([
                    (.int(1), .bytes(hash)), (.int(2), .map([(.text("id"), .text("bench.example"))])),
                    (.int(3), .map([(.text("id"), .bytes([1])), (.text("name"), .text("u"))])),
                    (.int(4), .array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])),
                    (.int(7), .map([(.text("rk"), .bool(true))])),
                ]))
        guard device.handle(make).first == 0 else { throw CommandFailure(.failed, "the CTAP bench device refused makeCredential") }
        let get =
            [CTAPDevice.Command.getAssertion.rawValue]
            + CBOREncoder.encode(.map([(.int(1), .text("bench.example")), (.int(2), .bytes(hash))]))

        try add("ctap-getAssertion-in-process") {
            guard device.handle(get).first == 0 else { throw CommandFailure(.failed, "getAssertion failed") }
        }

        let path = NSTemporaryDirectory() + "latchkey-bench-\(getpid()).sock"
        let transport = try UnixSocketTransport(path: path, device: device)
        defer { transport.close() }
        let host = try SocketHost(path: path)
        defer { host.close() }
        try add("ctap-getAssertion-socket") {
            guard try host.call(command: 0x10, get).first == 0 else { throw CommandFailure(.failed, "getAssertion over the socket failed") }
        }
        let measured = rows()
        guard let inProcess = measured.first(where: { $0.name == "ctap-getAssertion-in-process" })?.perSecond,
            let socket = measured.first(where: { $0.name == "ctap-getAssertion-socket" })?.perSecond
        else { return [] }
        return [
            BenchCommand.Row(
                name: "ctap-socket-vs-in-process", perSecond: socket, baseline: "ctap-getAssertion-in-process", ratio: socket / inProcess)
        ]
    }
}

/// A CTAPHID host over the device's socket: one channel, requests out, replies back (keepalives skipped).
private final class SocketHost {
    let fd: Int32
    var channel: UInt32 = CTAPHIDFramer.broadcast

    init(path: String) throws {
        fd = try UnixSocketTransport.connect(to: path)
        let reply = try call(command: 0x06, [1, 2, 3, 4, 5, 6, 7, 8])
        channel = UInt32(reply[8]) << 24 | UInt32(reply[9]) << 16 | UInt32(reply[10]) << 8 | UInt32(reply[11])
    }

    func call(command: UInt8, _ payload: [UInt8]) throws -> [UInt8] {
        for report in CTAPHIDFramer.reports(channel: channel, command: command, payload: payload) {
            guard report.withUnsafeBytes({ send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }) == report.count else {
                throw CommandFailure(.failed, "socket write failed")
            }
        }
        var report = [UInt8](repeating: 0, count: 64)
        while true {
            try readReport(&report)
            guard report[4] & 0x80 != 0, report[4] & 0x7F != 0x3B else { continue } // keepalive
            let total = Int(report[5]) << 8 | Int(report[6])
            var data = Array(report[7..<min(64, 7 + total)])
            while data.count < total {
                try readReport(&report)
                data += report[5..<min(64, 5 + total - data.count)]
            }
            return data
        }
    }

    private func readReport(_ buffer: inout [UInt8]) throws {
        var got = 0
        while got < 64 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, 64 - got) }
            guard n > 0 else { throw CommandFailure(.failed, "socket closed") }
            got += n
        }
    }

    func close() { Glibc.close(fd) }
}
