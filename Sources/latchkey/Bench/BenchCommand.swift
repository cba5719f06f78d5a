import ArgumentParser
import Benchmarks
import Foundation
import WebAuthn

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Latchkey's rates next to the raw OpenSSL primitives, on one core.",
        discussion:
            "Run it from a release build: swift run -c release latchkey bench. On a terminal, each step is named on stderr as it starts. Each rate is measured in interleaved pairs of short slices with the raw OpenSSL primitive it is compared to (sign or verify), so both sides of every pair see the same machine load; the ratio printed is the median over the pairs, and the spread beside it is the lowest and highest ratio of a single pair. verify-assertion checks client data, authenticator data and one P-256 signature against a stored COSE key; verify-registration-packed-x5c also checks the x5c leaf requirements and its chain to the batch root."
    )

    @Option(help: "Seconds to spend on each measurement (both sides of its pairs together).")
    var seconds: Double = 2

    @Option(help: "Interleaved baseline/subject pairs per ratio (at least 15).")
    var pairs: Int = 21

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    @Option(help: "Passkeys in the benchmark vault (0 skips the vault rows).")
    var vaultRecords: Int = 100_000

    @Flag(
        help: """
            Add the identity server's rows (a server in this process, over loopback): passkey logins with 1 and --clients \
            clients, where a login's time goes, the facade login, userinfo latency during password signups.
            """)
    var server = false

    @Option(help: "Concurrent clients for --server's busy rows.")
    var clients: Int = 16

    @Flag(
        help: """
            With --server: count instructions per passkey and password login under valgrind's callgrind, in a `latchkey serve` \
            of its own, and the facade login's own in a client of its own, in place of the timed rows (a count that does not \
            move with the machine's load).
            """)
    var instructions = false

    @Option(
        name: .customLong("workload"),
        help: ArgumentHelp(
            "With --instructions: count only this (passkey, password, discovery, facade; repeatable; default: all).",
            valueName: "name"))
    var workloads: [String] = []

    @Option(help: "Counted logins per server with --instructions (it runs servers with N and 2N and divides the difference by N).")
    var logins: Int = 40

    @Option(
        help: ArgumentHelp(
            "With --instructions: keep each callgrind profile (each server's, the facade client's) in this folder.", valueName: "dir"))
    var profiles: String?

    @Flag(help: "Add getAssertion through the CTAP device, in process and over its Unix socket (CTAPHID reports).")
    var ctap = false

    /// The client `--instructions` counts for the facade row (FacadeInstructionBench): a signup
    /// and 3 + --logins passkey logins through `Reach5` against the server at this URL.
    @Option(help: .hidden)
    var facadeClient: String?

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard pairs >= 15, pairs <= 1000 else { throw ValidationError("--pairs must be 15–1000") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients must be 1–256") }
        guard !instructions || server else { throw ValidationError("--instructions counts the server's logins: add --server") }
        for name in workloads where InstructionBench.Workload(rawValue: name) == nil {
            throw ValidationError("--workload must be one of: passkey, password, discovery, facade (not \(name))")
        }
        guard workloads.isEmpty || instructions else {
            throw ValidationError("--workload chooses what --instructions counts: add --instructions")
        }
        guard profiles == nil || instructions else {
            throw ValidationError("--profiles keeps --instructions' profiles: add --instructions")
        }
        // The facade's counted client runs twice the logins it was given.
        guard (1...(facadeClient == nil ? 10_000 : 20_000)).contains(logins) else { throw ValidationError("--logins must be 1–10000") }
        guard vaultRecords == 0 || (10...1_000_000).contains(vaultRecords) else {
            throw ValidationError("--vault-records must be 0 or 10–1000000")
        }
    }

    func run() async throws {
        if let facadeClient { return try await FacadeInstructionBench.drive(baseURL: facadeClient, logins: logins) }
        #if DEBUG
            let build = "debug"
            Console.error("warning: this is a debug build; rates are meaningless. Use: swift run -c release latchkey bench")
        #else
            let build = "release"
        #endif
        if instructions { return try await countInstructions(build: build) }
        var suite = BenchmarkSuite()
        suite.seconds = seconds
        suite.pairs = pairs
        suite.vaultRecords = vaultRecords
        suite.server = server
        suite.ctap = ctap
        suite.serverClients = clients
        suite.publicSuffixList = SystemPublicSuffixList.load()
        let measured = suite
        var progress = BenchProgress(total: measured.steps)
        let rows = try await measured.run { progress.step($0) }
        let report = BenchReport(build: build, secondsPerRow: seconds, pairsPerRatio: pairs, rates: rows)
        if json {
            Console.write(WebAuthnJSON.encode(report, pretty: true) + [0x0A])
            return
        }
        Console.out("latchkey bench (\(build) build, \(seconds)s per row, \(pairs) interleaved pairs per ratio, one core)")
        for row in rows { Console.out(Self.line(row)) }
    }

    /// `--server --instructions`: the counted rows, and `instructions_per_login` and
    /// `instructions_per_request` in the JSON.
    private func countInstructions(build: String) async throws {
        let executable = OwnExecutable.url.path
        let chosen =
            workloads.isEmpty ? InstructionBench.Workload.allCases : workloads.compactMap(InstructionBench.Workload.init(rawValue:))
        var progress = BenchProgress(total: Set(chosen).count)
        let keeping = profiles.map { URL(fileURLWithPath: $0) }
        let rows = try await InstructionBench.run(executable: executable, logins: logins, workloads: chosen, keeping: keeping) {
            progress.step($0)
        }
        var report = BenchReport(build: build, secondsPerRow: 0, pairsPerRatio: 0, rates: rows)
        var perLogin: [String: Double] = [:]
        for (key, row) in [
            ("passkey", "passkey-login-instructions"), ("password", "password-login-instructions"),
            ("password_excluding_hash", "password-login-instructions-excluding-hash"), ("facade", "facade-login-instructions"),
        ] {
            perLogin[key] = rows.first { $0.name == row }?.value
        }
        report.instructionsPerLogin = perLogin.isEmpty ? nil : perLogin
        report.instructionsPerRequest = rows.first { $0.name == "discovery-request-instructions" }?.value.map { ["discovery": $0] }
        if json {
            Console.write(WebAuthnJSON.encode(report, pretty: true) + [0x0A])
            return
        }
        Console.out("latchkey bench --instructions (\(build) build, callgrind, \(logins) and \(2 * logins) logins per kind, per login)")
        for row in rows {
            let indent = row.name.contains(":") ? "    " : "  "
            let name = (indent + row.name).padding(toLength: 52, withPad: " ", startingAt: 0)
            Console.out(name + String(format: "%12.0f", row.value ?? 0) + " instructions")
        }
    }

    /// One table line: a rate with its ratio to the baseline, or a value with its unit (and, for
    /// a login phase, the server's and the client's CPU).
    static func line(_ row: BenchRow) -> String {
        let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
        if let rate = row.perSecond {
            var ratio =
                row.ratio.map { String(format: "%.2f× ", $0) + (row.baseline ?? "") }
                ?? (row.name.hasPrefix("openssl-") ? "(baseline)" : "")
            if let low = row.ratioMin, let high = row.ratioMax { ratio += String(format: "  (pairs %.2f–%.2f)", low, high) }
            return "  " + name + String(format: "%12.0f /s   ", rate) + ratio
        }
        var text = "  " + name + String(format: "%12.3f ", row.value ?? 0) + (row.unit ?? "")
        if let server = row.serverCPUms, let client = row.clientCPUms {
            text += String(format: "   server CPU %.3f ms, client CPU %.3f ms", server, client)
        }
        return text
    }
}
