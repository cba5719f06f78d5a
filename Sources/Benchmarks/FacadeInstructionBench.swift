import Foundation

/// The facade's row of `latchkey bench --server --instructions`: what a `Reach5` passkey login
/// costs the app's process (URLSession and libcurl, JSON, the picker, the vault, the
/// authenticator's signature), counted by callgrind the way the server's logins are.
///
/// The counted process is a client of its own (`latchkey bench --facade-client URL --logins N`:
/// a passkey signup, 3 warm-up logins, N counted ones), run against a `latchkey serve` that is not
/// counted; once with N logins and once with 2N, the difference divided by N being one login.
public enum FacadeInstructionBench {
    /// Counts the facade login against a server started from `executable` (the stripped copy
    /// valgrind can read).
    static func measure(valgrind: String, executable: String, logins: Int, keeping: URL?) async throws
        -> InstructionBench.Measurement
    {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: executable)
        server.arguments = ["serve", "--port", "0", "--in-memory"]
        let stdout = Pipe()
        server.standardOutput = stdout
        server.standardError = FileHandle.nullDevice
        let exit = try ChildProcess.launch(server)
        let measured: Result<InstructionBench.Measurement, any Error>
        do {
            // A server that never gets ready is killed: its pipe then ends and the read fails.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(120))
                server.terminate()
            }
            let port: Int
            do {
                defer { watchdog.cancel() }
                port = try await ConcurrentClients.onThread { try ChildProcess.readPort(stdout.fileHandleForReading) }
            }
            let baseURL = "http://127.0.0.1:\(port)"
            let once = try await profile(valgrind: valgrind, executable: executable, baseURL: baseURL, logins: logins, keeping: keeping)
            let twice = try await profile(
                valgrind: valgrind, executable: executable, baseURL: baseURL, logins: 2 * logins, keeping: keeping)
            measured = .success(InstructionBench.difference(once, twice, logins: logins))
        } catch {
            measured = .failure(error)
        }
        // Stopped whatever happened, and waited for: nothing outlives the bench.
        server.terminate()
        _ = await ChildProcess.status(of: exit, within: .seconds(30), killing: server)
        return try measured.get()
    }

    /// One client under callgrind, doing `logins` counted logins; killed if it has not finished
    /// within a bound that grows with them (there for a hung client, not to time a slow one).
    private static func profile(valgrind: String, executable: String, baseURL: String, logins: Int, keeping: URL?) async throws
        -> CallgrindProfile
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) } // a temporary folder; one left behind is harmless
        let output = folder.appendingPathComponent("callgrind.out")
        let client = Process()
        client.executableURL = URL(fileURLWithPath: valgrind)
        client.arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(output.path)", "--quiet", executable, "bench", "--facade-client", baseURL,
            "--logins", String(logins),
        ]
        client.standardOutput = FileHandle.nullDevice
        // A file, not a pipe: a client that says much (valgrind's warnings, a crash report) would
        // block on a full pipe nobody reads until it exits.
        let said = folder.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: said.path, contents: nil) else {
            throw InstructionBench.Unavailable(description: "could not create \(said.path)")
        }
        client.standardError = try FileHandle(forWritingTo: said)
        let exit = try ChildProcess.launch(client)
        let limit = 900 + 4 * logins
        guard let code = await ChildProcess.status(of: exit, within: .seconds(limit), killing: client) else {
            throw InstructionBench.Unavailable(description: "the facade client under callgrind did not finish within \(limit) s")
        }
        guard code == 0 else {
            // What it said on stderr, to name the failure.
            let written = (try? Data(contentsOf: said)) ?? Data() // unreadable: the status alone
            let tail = String(decoding: written.suffix(2000), as: UTF8.self)
            throw InstructionBench.Unavailable(description: "the facade client under callgrind exited with \(code): \(tail)")
        }
        let text: String
        do { text = try String(contentsOf: output, encoding: .utf8) } catch {
            throw InstructionBench.Unavailable(description: "callgrind wrote no profile of the facade client")
        }
        try InstructionBench.keep(output, as: "facade-\(logins)", in: keeping)
        return try CallgrindProfile(parsing: text)
    }

    /// What the counted process does (`latchkey bench --facade-client`): a passkey signup, 3
    /// warm-up logins (the connection, the vault's caches), then `logins` logins.
    public static func drive(baseURL: String, logins: Int) async throws {
        let login = try await FacadeBench.signUp(baseURL: baseURL)
        for _ in 0..<(3 + logins) { try await login() }
    }
}
