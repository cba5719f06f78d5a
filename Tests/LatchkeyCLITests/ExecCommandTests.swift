import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `latchkey exec -- CMD`: a throwaway server for one command, which exits with the command's
/// status, hands it the server's address, serves `/health` by the time the command runs, and
/// leaves no server behind; two at once do not collide.
@Suite struct ExecCommandTests {
    func exec(_ script: String) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            ProcessRunner.product("latchkey"), ["exec", "--", "sh", "-c", script], unsetting: ["LATCHKEY_SERVER"],
            killAfter: .seconds(120))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    func listening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    @Test func theCommandsStatusIsLatchkeys() async throws {
        #expect(try await exec("exit 7").status == 7)
        #expect(try await exec("exit 0").status == 0)
        // Ended by a signal: 128 + its number, as a shell says.
        let killed = try await exec("grep -E 'Sig(Blk|Ign|Cgt)' /proc/$$/status /proc/$PPID/status; kill -TERM $$; echo survived")
        #expect(killed.status == 128 + SIGTERM, "\(killed.stdout) \(killed.stderr)")
    }

    @Test func theCommandTalksToAServerThatIsGoneAfterIt() async throws {
        let result = try await exec(
            #"echo "$LATCHKEY_SERVER $LATCHKEY_CLIENT_ID $LATCHKEY_EMULATOR"; curl -s -o /dev/null -w '%{http_code}\n' "$LATCHKEY_SERVER/health""#
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        let words = (lines.first ?? "").split(separator: " ").map(String.init)
        let base = try #require(words.first.flatMap(URLComponents.init(string:)))
        #expect(base.scheme == "http" && base.host == "127.0.0.1")
        #expect(words.dropFirst().first == "latchkey-local")
        #expect(words.last == (words.first ?? "") + "/emulator/v1")
        #expect(lines.last == "200", "health answered by the time the command ran")
        #expect(!listening(try #require(base.port)), "the server outlived its command")
    }

    @Test func twoAtOnceDoNotCollide() async throws {
        async let first = exec(#"echo "$LATCHKEY_SERVER"; curl -sf "$LATCHKEY_SERVER/health""#)
        async let second = exec(#"echo "$LATCHKEY_SERVER"; curl -sf "$LATCHKEY_SERVER/health""#)
        let (a, b) = try await (first, second)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(a.stdout.split(separator: "\n").first != b.stdout.split(separator: "\n").first, "two servers, two ports")
    }

    @Test func withoutACommandItIsAUsageError() async throws {
        let result = try await ProcessRunner.run(ProcessRunner.product("latchkey"), ["exec"], killAfter: .seconds(120))
        #expect(result.status == 2)
        #expect(result.stderr.contains("a command to run is required after --"), "\(result.stderr)")
    }
}

extension ExecCommandTests {
    /// SIGTERM sent to `latchkey exec` reaches the command, which ends by it: 128 + 15.
    @Test func aSignalToLatchkeyIsPassedToTheCommand() async throws {
        let process = Process()
        process.executableURL = ProcessRunner.product("latchkey")
        process.arguments = ["exec", "--", "sh", "-c", "echo started; exec sleep 120"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The command has started (and so the server) once its first line arrives.
        let first = try #require(try output.fileHandleForReading.read(upToCount: 8))
        #expect(String(decoding: first, as: UTF8.self) == "started\n")
        kill(process.processIdentifier, SIGTERM)
        let (status, _) = try await ProcessRunner.finish(process, stdout: output, deadline: .seconds(120))
        #expect(status == 128 + SIGTERM)
    }
}
