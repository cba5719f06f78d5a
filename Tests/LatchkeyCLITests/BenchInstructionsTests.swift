import Foundation
import TestSupport
import Testing

/// `latchkey bench --server --instructions` runs `latchkey serve` under valgrind's callgrind, and
/// a `Reach5` client of its own against a plain server, and reports instructions per login (never
/// compared with a figure: a debug build counts several times a release build's, and only the
/// report's shape and its arithmetic are asserted).
@Suite struct BenchInstructionsTests {
    static var valgrindInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") }

    /// In CI valgrind must be there; elsewhere the count below is reported skipped, never passed.
    @Test func valgrindIsInstalledInCI() {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            #expect(Self.valgrindInstalled, "CI must run .ci/run, which installs valgrind")
        }
    }

    struct Report: Decodable {
        struct Row: Decodable {
            var name: String
            var value: Double?
            var unit: String?
        }
        var rates: [Row]
        var instructionsPerLogin: [String: Double]?
        var instructionsPerRequest: [String: Double]?
        enum CodingKeys: String, CodingKey {
            case rates
            case instructionsPerLogin = "instructions_per_login"
            case instructionsPerRequest = "instructions_per_request"
        }
    }

    /// One workload, counted as the release bench counts every one (a debug build under
    /// callgrind is slow: the test counts the password login only, whose rows carry the report's
    /// arithmetic; `latchkey bench --server --instructions` in a release build counts them all).
    @Test(.enabled(if: valgrindInstalled, "needs valgrind (run .ci/run)"))
    func aPasswordLoginsInstructionsAreCountedInAServerOfItsOwn() async throws {
        let r = try await CLIRunner.run(["bench", "--server", "--instructions", "--workload", "password", "--logins", "1", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        let perLogin = try #require(report.instructionsPerLogin)
        #expect(Set(perLogin.keys) == ["password", "password_excluding_hash"], "only the workload asked for: \(perLogin)")
        #expect(report.instructionsPerRequest == nil)
        let password = try #require(perLogin["password"])
        let excludingHash = try #require(perLogin["password_excluding_hash"])
        #expect(excludingHash > 0 && excludingHash < password, "\(perLogin)")
        let hash = try #require(report.rates.first { $0.name == "password: password hash (EVP_PBE_scrypt)" }?.value)
        #expect(abs(password - hash - excludingHash) < 1, "the hash is what separates the two password rows")
        #expect(report.rates.first { $0.name == "password-login-instructions" }?.value == password)
        #expect(report.rates.contains { $0.name.hasPrefix("password: own in libcrypto") }, "\(report.rates.map(\.name))")
        #expect(!report.rates.contains { $0.name.hasPrefix("passkey") || $0.name.hasPrefix("facade") || $0.name.hasPrefix("discovery") })
        #expect(report.rates.allSatisfy { $0.unit == "instructions/login" })
    }

    @Test func anUnknownWorkloadOrOneWithoutInstructionsIsAUsageError() async throws {
        let unknown = try await CLIRunner.run(["bench", "--server", "--instructions", "--workload", "signup"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--workload must be one of: passkey, password, discovery, facade"), "\(unknown.stderr)")
        let alone = try await CLIRunner.run(["bench", "--server", "--workload", "passkey"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--workload chooses what --instructions counts"), "\(alone.stderr)")
    }

    @Test func countingWithoutTheServerIsAUsageError() async throws {
        let r = try await CLIRunner.run(["bench", "--instructions"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--instructions counts the server's logins: add --server"), "\(r.stderr)")
    }
}
