import Foundation
import SQLite
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// docs/design/vault-design.md §3.10, §3.11 and §3.14: real processes, killed with SIGKILL.
@Suite(.serialized) struct VaultProcessTests {
    static let driver = ProcessRunner.product("vault-fault-driver")
    let env = ["LATCHKEY_PASSPHRASE": String(decoding: passphrase, as: UTF8.self)]

    /// 200 runs: the child adds and deletes, acknowledging each commit; SIGKILL lands after a
    /// random number of its acknowledgements plus a random sub-commit delay, so the kill point is
    /// set by the child's progress, not by the machine's speed. Afterwards the vault unlocks
    /// (digest intact), SQLite's integrity check passes, every acknowledged add is present and
    /// every acknowledged delete is gone.
    @Test func killNineDuringWrites() async throws {
        let path = temporaryVaultPath()
        _ = try makeVault(path)
        var present = Set<String>()
        var deleted = Set<String>()
        var inFlight = Set<String>()
        var rng = SplitMix64(seed: 0x9111)
        var killedMidRun = 0
        for _ in 0..<200 {
            let acks = 1 + Int(rng.next() % 30)
            let delay = Duration.microseconds(Int64(rng.next() % 2000))
            let (lines, killed) = try await ProcessRunner.runAndKill(
                Self.driver, ["write", path], afterLine: "ack ", occurrence: acks,
                delay: delay, environment: env)
            if killed { killedMidRun += 1 }
            var mine: [String] = []
            var ops = 0
            for line in lines {
                let parts = line.text.split(separator: " ")
                guard parts.count == 2 else { continue }
                ops += 1
                if parts[0] == "ack" {
                    present.insert(String(parts[1]))
                    mine.append(String(parts[1]))
                }
                if parts[0] == "del" {
                    present.remove(String(parts[1]))
                    deleted.insert(String(parts[1]))
                    mine.removeFirst()
                }
            }
            // The one operation that may have committed without its line being printed: when it is
            // a delete (every 7th op), its victim may legitimately be gone.
            if (ops + 1) % 7 == 0, let victim = mine.first { inFlight.insert(victim) }
        }
        // The writer never stops by itself: every run must have been killed, never have died.
        #expect(killedMidRun == 200)
        let vault = try Vault.open(at: path, passphrase: passphrase)
        #expect(try vault.check().sqliteIntegrity)
        for id in present.subtracting(inFlight) { #expect(try vault.item(id: Base64URL.decode(id)!) != nil, "acknowledged add \(id) lost") }
        for id in deleted { #expect(try vault.item(id: Base64URL.decode(id)!) == nil, "acknowledged delete \(id) came back") }
        #expect(present.count > 200)
    }

    /// Four processes add 500 items each and increment one shared counter 500 times each.
    @Test func fourConcurrentWritersLoseNothing() async throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let counter = try v.add(.password(PasswordItem(domain: "counter.example", username: "counter", password: "0")))
        let n = 500
        let started = try (0..<4).map { _ in
            let process = Process()
            process.executableURL = Self.driver
            process.arguments = ["concurrent", path, Base64URL.encode(counter), String(n)]
            process.environment = ProcessInfo.processInfo.environment.merging(env) { _, new in new }
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            return (process, out)
        }
        for (process, out) in started {
            let (status, data) = try await ProcessRunner.finish(process, stdout: out)
            #expect(status == 0, "\(String(decoding: data, as: UTF8.self))")
        }
        let reopened = try Vault.open(at: path, passphrase: passphrase)
        #expect(try reopened.count == 4 * n + 1)
        guard case .password(let p)? = try reopened.item(id: counter) else {
            Issue.record("counter missing")
            return
        }
        #expect(p.password == String(4 * n))
        #expect(try reopened.check().records == 4 * n + 1)
    }

    /// SIGKILL at random points of a passphrase change: exactly one passphrase unlocks.
    @Test func killNineDuringPassphraseChange() async throws {
        let outcomes = try await killAcrossOneCommit(
            mode: "passwd", done: "changed", beforeCommit: "old", seed: 0x7A55,
            environment: ["OLD": String(decoding: passphrase, as: UTF8.self), "NEW": "the new one"],
            prepare: { path in
                let v = try makeVault(path)
                try v.add(samplePassword(1))
            }
        ) { path in
            let old = (try? Vault.open(at: path, passphrase: passphrase)) != nil
            let new = (try? Vault.open(at: path, passphrase: Array("the new one".utf8))) != nil
            #expect(old != new, "old unlocks: \(old), new unlocks: \(new)")
            return old ? "old" : "new"
        }
        // Both outcomes occur, so the kill really landed on both sides of the commit.
        #expect(outcomes["old", default: 0] > 0 && outcomes["new", default: 0] > 0, "\(outcomes)")
    }

    /// §3.12: SIGKILL during a key rotation leaves every record on one key epoch, and the
    /// digest verifies.
    @Test func killNineDuringKeyRotation() async throws {
        let outcomes = try await killAcrossOneCommit(
            mode: "rotate", done: "rotated", beforeCommit: "epoch 1", seed: 0x4071, environment: env,
            prepare: { path in
                let v = try makeVault(path)
                try v.addAll((0..<300).map { samplePassword($0) })
            }
        ) { path in
            let reopened = try Vault.open(at: path, passphrase: passphrase)
            #expect(try reopened.check().records == 300)
            #expect(Set(try rows(path).map(\.epoch)).count == 1)
            return "epoch \(reopened.epoch)"
        }
        #expect(outcomes["epoch 1", default: 0] > 0 && outcomes["epoch 2", default: 0] > 0, "\(outcomes)")
    }

    /// Runs a driver mode that unlocks, prints "unlocked", commits one transaction and prints
    /// `done`, killing it at random moments spread over that transaction, and tallies `outcome`
    /// of each run. The kill delay is drawn from the transaction's own duration, measured on
    /// this machine in this run (widened whenever a run shows it took longer, and moved toward
    /// the missing side after every ten runs that saw one outcome only, `beforeCommit` naming the
    /// outcome of a kill before the commit), so both sides of the commit are reached on a fast or
    /// a slow, idle or loaded machine. It stops once both outcomes have been seen, after at least
    /// `minimumRuns` and at most `maximumRuns` runs.
    func killAcrossOneCommit(
        mode: String, done: String, beforeCommit: String, seed: UInt64, environment: [String: String],
        minimumRuns: Int = 25, maximumRuns: Int = 150,
        prepare: (String) throws -> Void, outcome: (String) throws -> String
    ) async throws -> [String: Int] {
        var rng = SplitMix64(seed: seed)
        var span = Duration.zero
        func widen(_ lines: [ProcessRunner.TimedLine]) {
            guard let start = lines.first(where: { $0.text == "unlocked" }), let end = lines.first(where: { $0.text == done }) else {
                return
            }
            span = max(span, end.at - start.at)
        }
        for _ in 0..<3 {
            let path = temporaryVaultPath()
            try prepare(path)
            let calibration = try await ProcessRunner.runTimed(Self.driver, [mode, path], environment: environment)
            #expect(calibration.status == 0)
            widen(calibration.lines)
        }
        #expect(span > .zero, "the driver never reported \(done)")
        var outcomes = [String: Int]()
        for run in 0..<maximumRuns {
            let path = temporaryVaultPath()
            try prepare(path)
            // Up to 1.5× the transaction, so some kills land after the commit too.
            let delay = span * (Double(rng.next() % 1000) / 1000 * 1.5)
            let (lines, _) = try await ProcessRunner.runAndKill(
                Self.driver, [mode, path], afterLine: "unlocked", delay: delay,
                environment: environment)
            widen(lines)
            outcomes[try outcome(path), default: 0] += 1
            if run + 1 >= minimumRuns && outcomes.count >= 2 { break }
            // Still one-sided: the machine's speed changed since calibration (other suites started
            // or ended). Only kills before the commit: reach further; only after: come closer.
            if (run + 1) % 10 == 0 && outcomes.count == 1 {
                span = outcomes[beforeCommit] != nil ? span * 1.5 : span / 1.5
            }
        }
        return outcomes
    }

    /// §3.13: when the file cannot grow, the write fails with a typed error, rolls back, and
    /// the vault still opens with every record acknowledged before.
    @Test func fileSizeLimitGivesATypedErrorAndLosesNothing() async throws {
        let path = temporaryVaultPath()
        _ = try makeVault(path)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        // Room for some commits: each writes a few 16 KiB pages to the WAL.
        let r = try await ProcessRunner.run(Self.driver, ["fill", path, String(size + 1024 * 1024)], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let acked = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ack ") }.map { String($0.dropFirst(4)) }
        let refusal = r.stdout.split(separator: "\n").first { $0.hasPrefix("refused ") }
        #expect(acked.count > 10)
        #expect(refusal?.contains("disk full or I/O error") == true, "\(String(describing: refusal))")
        let vault = try Vault.open(at: path, passphrase: passphrase)
        #expect(try vault.check().records == acked.count)
        for id in acked { #expect(try vault.item(id: Base64URL.decode(id)!) != nil) }
    }
}
