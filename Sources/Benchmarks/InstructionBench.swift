import Encoding
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `latchkey bench --server --instructions`: instructions per login, counted by valgrind's
/// callgrind in a `latchkey serve` of its own (default configuration but for a cheap password
/// hash, emulator API off, in memory), so the figure does not move with the machine's load.
///
/// Each kind of login runs in two servers, one doing `logins` and one `2 × logins` after the same
/// start-up and the same warm-up; the difference divided by `logins` is one login's cost with
/// start-up, warm-up and shutdown cancelled out. The client is this process (not counted).
public enum InstructionBench {
    /// One login kind's count, as the rows and the JSON report it.
    public struct Measurement: Sendable {
        public var perLogin: Double
        /// Own instructions per login, per shared object (libcrypto, libsqlite3, the executable …).
        public var byObject: [(object: String, perLogin: Double)]
        /// Inclusive instructions per login of named routines (the password hash …).
        public var named: [String: Double]
    }

    /// What the bench needs and may not find.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The routines whose inclusive cost is reported beside the objects' (by a fragment of
    /// their symbol; Swift's mangled names keep their identifiers).
    static let routines: [(label: String, fragment: String)] = [
        ("password hash (EVP_PBE_scrypt)", "EVP_PBE_scrypt"),
        ("request path (RoutePath)", "RoutePath"),
        ("JSON escaping (JSONText.quote)", "8JSONTextO5quote"),
        ("JSON writing (JSONText.write)", "8JSONTextO5write"),
        ("request journal (RequestJournal)", "RequestJournal"),
        ("Host check (ServerNames)", "ServerNames"),
        ("SQLite statements (sqlite3_step)", "sqlite3_step"),
    ]

    /// What `run` can count, each in servers (or, for the facade, a client) of its own.
    public enum Workload: String, CaseIterable, Sendable {
        /// The passkey login of `PasskeyLoginClient`.
        case passkey
        /// A password login (`/identity/v1/password/login`, then the same authorize and token
        /// exchange), with the hash's share beside it.
        case password
        /// `GET /.well-known/openid-configuration`: the least any request costs, the share of a
        /// login that is the HTTP server's and the middleware's rather than the route's.
        case discovery
        /// A passkey login's cost in a `Reach5` client of its own (FacadeInstructionBench).
        case facade
    }

    /// - Parameters:
    ///   - workloads: what to count (every one by default; a debug build's test counts one).
    ///   - keeping: a folder to copy each server's profile into (`passkey-40.callgrind` …), for
    ///     `callgrind_annotate` or KCachegrind.
    public static func run(
        executable: String, logins: Int, workloads: [Workload] = Workload.allCases, keeping: URL? = nil,
        progress: (String) -> Void = { _ in }
    ) async throws -> [BenchRow] {
        guard let valgrind = findValgrind() else {
            throw Unavailable(
                description: "valgrind is not installed (Debian: apt-get install valgrind); --instructions runs the server under callgrind")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) } // a temporary folder; one left behind is harmless
        let server = try await withoutDebugInfo(executable, in: folder)
        var rows: [BenchRow] = []
        for workload in Workload.allCases where workloads.contains(workload) {
            switch workload {
            case .passkey, .password:
                let kind: LoginKind = workload == .passkey ? .passkey : .password
                progress("instructions: \(kind.rawValue) logins under callgrind (\(logins) and \(2 * logins))")
                let counted = CountedWorkload.login(kind)
                let once = try await profile(valgrind: valgrind, executable: server, workload: counted, logins: logins, keeping: keeping)
                let twice = try await profile(
                    valgrind: valgrind, executable: server, workload: counted, logins: 2 * logins, keeping: keeping)
                rows += loginRows(kind, difference(once, twice, logins: logins))
            case .discovery:
                progress("instructions: discovery requests under callgrind, the cost of any request (\(logins) and \(2 * logins))")
                let once = try await profile(valgrind: valgrind, executable: server, workload: .discovery, logins: logins, keeping: keeping)
                let twice = try await profile(
                    valgrind: valgrind, executable: server, workload: .discovery, logins: 2 * logins, keeping: keeping)
                rows.append(
                    .init(
                        name: "discovery-request-instructions", value: difference(once, twice, logins: logins).perLogin,
                        unit: "instructions/request"))
            case .facade:
                progress("instructions: facade passkey logins under callgrind, a client of its own (\(logins) and \(2 * logins))")
                let facade = try await FacadeInstructionBench.measure(
                    valgrind: valgrind, executable: server, logins: logins, keeping: keeping)
                rows.append(.init(name: "facade-login-instructions", value: facade.perLogin, unit: "instructions/login"))
                for (object, cost) in facade.byObject.prefix(8) where cost >= 1 {
                    rows.append(.init(name: "facade: own in \(object)", value: cost, unit: "instructions/login"))
                }
            }
        }
        return rows
    }

    /// A login kind's rows: its count, the named routines' and the objects' shares, and for the
    /// password the count without its hash.
    private static func loginRows(_ kind: LoginKind, _ measured: Measurement) -> [BenchRow] {
        var rows: [BenchRow] = [.init(name: "\(kind.rawValue)-login-instructions", value: measured.perLogin, unit: "instructions/login")]
        for (label, _) in routines {
            guard let cost = measured.named[label], cost >= 1 else { continue }
            rows.append(.init(name: "\(kind.rawValue): \(label)", value: cost, unit: "instructions/login"))
        }
        for (object, cost) in measured.byObject.prefix(8) where cost >= 1 {
            rows.append(.init(name: "\(kind.rawValue): own in \(object)", value: cost, unit: "instructions/login"))
        }
        if kind == .password, let hash = measured.named[routines[0].label] {
            rows.append(
                .init(name: "password-login-instructions-excluding-hash", value: measured.perLogin - hash, unit: "instructions/login"))
        }
        return rows
    }

    /// The logins counted: the passkey login of `PasskeyLoginClient`, and a password login
    /// (`/identity/v1/password/login`, then the same authorize and token exchange).
    public enum LoginKind: String, CaseIterable, Sendable {
        case passkey, password
    }

    static func difference(_ once: CallgrindProfile, _ twice: CallgrindProfile, logins: Int) -> Measurement {
        let n = Double(logins)
        let a = once.exclusiveByObject
        let b = twice.exclusiveByObject
        let objects = Set(a.keys).union(b.keys).map { object in
            (object: shortName(object), perLogin: Double(b[object, default: 0] - a[object, default: 0]) / n)
        }.sorted { $0.perLogin > $1.perLogin }
        var named: [String: Double] = [:]
        for (label, fragment) in routines {
            named[label] = Double(twice.inclusive(named: fragment) - once.inclusive(named: fragment)) / n
        }
        return Measurement(perLogin: Double(twice.total - once.total) / n, byObject: objects, named: named)
    }

    /// `/usr/lib/x86_64-linux-gnu/libcrypto.so.3` → `libcrypto.so.3`.
    static func shortName(_ object: String) -> String {
        object.split(separator: "/").last.map(String.init) ?? object
    }

    static func findValgrind() -> String? { findTool("valgrind") }

    private static func findTool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A copy of `executable` without its DWARF (the symbol table stays, so functions keep their
    /// names): Swift 6 writes DWARF 5, which valgrind 3.19's reader refuses ("possibly corrupted
    /// debuginfo file"), ending the run before the server starts.
    static func withoutDebugInfo(_ executable: String, in folder: URL) async throws -> String {
        guard let strip = findTool("strip") else {
            throw Unavailable(
                description: "binutils' strip is not installed (Debian: apt-get install binutils); valgrind cannot read Swift's DWARF 5")
        }
        let copy = folder.appendingPathComponent("latchkey").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strip)
        process.arguments = ["--strip-debug", "-o", copy, executable]
        process.standardError = FileHandle.nullDevice
        let exit = try ChildProcess.launch(process)
        guard await ChildProcess.status(of: exit, within: .seconds(120), killing: process) == 0 else {
            throw Unavailable(description: "strip --strip-debug \(executable) failed")
        }
        return copy
    }

    /// Starts `latchkey serve` under callgrind, prepares the workload (a login signs one account
    /// up), runs 3 warm-up repetitions and `logins` counted ones (logins, or discovery requests),
    /// stops the server (SIGTERM: it exits cleanly and callgrind writes its file) and reads the
    /// profile.
    static func profile(valgrind: String, executable: String, workload: CountedWorkload, logins: Int, keeping: URL?) async throws
        -> CallgrindProfile
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) } // a temporary folder; one left behind is harmless
        let config = folder.appendingPathComponent("server.json")
        // The hash at its lowest cost: its instructions are reported apart, and subtracted.
        try Data(#"{"password_hash_log_n": 10}"#.utf8).write(to: config)
        let output = folder.appendingPathComponent("callgrind.out")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: valgrind)
        server.arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(output.path)", "--quiet", executable, "serve", "--port", "0", "--in-memory",
            "--config", config.path,
        ]
        let stdout = Pipe()
        server.standardOutput = stdout
        // Kept for the error of a server that ends before it is ready: its own words say why.
        let stderrFile = folder.appendingPathComponent("server.stderr")
        guard FileManager.default.createFile(atPath: stderrFile.path, contents: nil) else {
            throw Unavailable(description: "cannot write \(stderrFile.path)")
        }
        server.standardError = try FileHandle(forWritingTo: stderrFile)
        let exit = try ChildProcess.launch(server)
        // A server that never gets ready or stops answering is killed: its pipe and socket then
        // end, and the reads below fail rather than wait forever.
        // The bound grows with the logins (a password login is a few tenths of a second under
        // callgrind); it is there for a hung server, not to time a slow one.
        let limit = 900 + 2 * logins
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: .seconds(limit)) } catch { return false }
            kill(server.processIdentifier, SIGKILL)
            return true
        }
        defer { watchdog.cancel() }
        do {
            let port = try await ConcurrentClients.onThread { try ChildProcess.readPort(stdout.fileHandleForReading) }
            try await ConcurrentClients.onThread {
                let http = try KeepAliveConnection(port: port, timeout: 120)
                let once = try workload.prepare(http)
                for _ in 0..<3 { try once(http) }
                for _ in 0..<logins { try once(http) }
            }
        } catch {
            server.terminate()
            _ = await ChildProcess.status(of: exit, within: .seconds(120), killing: server)
            // Cancelled now, the watchdog answers at once: true only if it had fired.
            watchdog.cancel()
            if await watchdog.value {
                throw Unavailable(description: "the server under callgrind was stopped after \(limit) s without finishing its logins")
            }
            // The server's last words (valgrind's and latchkey's), for an end nobody expected.
            let said = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" // unreadable: nothing more to say
            if !said.isEmpty { throw Unavailable(description: "\(error); the server said: \(said.suffix(2000))") }
            throw error
        }
        // SIGTERM: the server stops cleanly, and valgrind writes the profile as it exits.
        server.terminate()
        guard let code = await ChildProcess.status(of: exit, within: .seconds(120), killing: server) else {
            throw Unavailable(description: "the server under callgrind did not stop within 120 s")
        }
        let text: String
        do { text = try String(contentsOf: output, encoding: .utf8) } catch {
            throw Unavailable(description: "callgrind wrote no profile (the server exited with \(code))")
        }
        try keep(output, as: "\(workload.name)-\(logins)", in: keeping)
        return try CallgrindProfile(parsing: text)
    }

    /// Copies a profile into `folder` (`--profiles`) as `name.callgrind`, replacing an earlier
    /// run's of the same name; nothing without a folder.
    static func keep(_ profile: URL, as name: String, in folder: URL?) throws {
        guard let folder else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = folder.appendingPathComponent("\(name).callgrind")
        try? FileManager.default.removeItem(at: kept) // an earlier run's profile of the same name is replaced
        try FileManager.default.copyItem(at: profile, to: kept)
    }
}
