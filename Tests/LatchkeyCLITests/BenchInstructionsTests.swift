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
        var instructionsPerLogin: [String: Double]
        var instructionsPerRequest: [String: Double]
        enum CodingKeys: String, CodingKey {
            case rates
            case instructionsPerLogin = "instructions_per_login"
            case instructionsPerRequest = "instructions_per_request"
        }
    }

    @Test(.enabled(if: valgrindInstalled, "needs valgrind (run .ci/run)"))
    func eachLoginsInstructionsAreCountedInAServerOfItsOwn() async throws {
        let r = try await CLIRunner.run(["bench", "--server", "--instructions", "--logins", "1", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        let perLogin = report.instructionsPerLogin
        let passkey = try #require(perLogin["passkey"])
        let password = try #require(perLogin["password"])
        let excludingHash = try #require(perLogin["password_excluding_hash"])
        #expect(passkey > 0)
        #expect(excludingHash > 0 && excludingHash < password, "\(perLogin)")
        let hash = try #require(report.rates.first { $0.name == "password: password hash (EVP_PBE_scrypt)" }?.value)
        #expect(abs(password - hash - excludingHash) < 1, "the hash is what separates the two password rows")
        #expect(report.rates.first { $0.name == "passkey-login-instructions" }?.value == passkey)
        #expect(report.rates.contains { $0.name.hasPrefix("passkey: own in libcrypto") }, "\(report.rates.map(\.name))")
        // The facade's client is counted in a process of its own: its own objects (libcurl, the
        // executable) carry its cost, the server's is not in it.
        let facade = try #require(perLogin["facade"])
        #expect(facade > 0)
        #expect(report.rates.first { $0.name == "facade-login-instructions" }?.value == facade)
        let facadeObjects = report.rates.filter { $0.name.hasPrefix("facade: own in ") }
        #expect(facadeObjects.contains { $0.name.contains("libcurl") }, "\(facadeObjects.map(\.name))")
        // The least a request costs, counted the same way: a passkey login, four requests and
        // its signatures, costs several (more than 4 in a release build, about 5 in a debug one).
        let request = try #require(report.instructionsPerRequest["discovery"])
        #expect(request > 0 && 3 * request < passkey, "\(request) per request, \(passkey) per passkey login")
        #expect(report.rates.first { $0.name == "discovery-request-instructions" }?.value == request)
        #expect(report.rates.filter { $0.unit == "instructions/request" }.map(\.name) == ["discovery-request-instructions"])
        #expect(report.rates.allSatisfy { $0.unit == "instructions/login" || $0.unit == "instructions/request" })
    }

    @Test func countingWithoutTheServerIsAUsageError() async throws {
        let r = try await CLIRunner.run(["bench", "--instructions"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--instructions counts the server's logins: add --server"), "\(r.stderr)")
    }
}
