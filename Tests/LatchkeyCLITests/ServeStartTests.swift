import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `latchkey serve` either serves or exits: a taken port is exit 1 with its message every time
/// (it used to hang for good on some starts: the service group's cancellation waited on a lock
/// its own task held), and SIGTERM stops a healthy server. A hang is caught by SIGKILL at a
/// deadline far beyond any start, so the test fails instead of hanging.
@Suite struct ServeStartTests {
    /// A listening socket on a free loopback port, held for the test's life.
    final class HeldPort {
        let port: Int
        private let socket: Int32

        init() throws {
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    Glibc.bind(fd, pointer, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            socket = fd
            guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(socket) }
    }

    @Test func aTakenPortIsExitOneWithItsMessageEveryTime() async throws {
        let held = try HeldPort()
        for attempt in 1...12 {
            let result = try await ProcessRunner.run(
                ProcessRunner.product("latchkey"), ["serve", "--in-memory", "--port", "\(held.port)"], killAfter: .seconds(120))
            #expect(result.status == 1, "start \(attempt): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("cannot listen on 127.0.0.1:\(held.port): the address is in use"), "\(result.stderr)")
            #expect(!result.stdout.contains("ready"), "\(result.stdout)")
        }
    }

    @Test func sigtermStopsAHealthyServer() async throws {
        for _ in 1...5 {
            let server = try await ServeProcess.start(["--in-memory"])
            await #expect(server.terminate(killAfter: .seconds(120)) == 0, "SIGTERM is a clean stop")
        }
    }
}
