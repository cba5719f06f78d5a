import Foundation
import TestSupport
import Testing
import Vectors
import WebAuthn

@Suite struct CLICommandTests {
    @Test func demoTellsTheWholeStoryAgainstAnInProcessServer() async throws {
        let r = try await CLIRunner.run(["demo"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = r.stdout.components(separatedBy: "\n\n")
        // Each step names what the server answered, in order, and how it ended.
        #expect(
            steps.contains {
                $0.contains("signup(profile:)") && $0.contains("POST /identity/v1/signup-token → 200")
                    && $0.contains("email_verified false")
            })
        #expect(steps.contains { $0.contains("POST /identity/v1/verify-email → 200") && $0.contains("email_verified is now true") })
        #expect(
            steps.contains {
                $0.contains("PasskeySignupRequest") && $0.contains("POST /identity/v1/webauthn/signup → 200")
                    && $0.contains("holds 1 passkey")
            })
        #expect(
            steps.contains {
                $0.contains("4. login") && $0.contains("POST /identity/v1/webauthn/authentication → 200") && $0.contains("found locally")
            })
        #expect(
            steps.contains { $0.contains("empty keychain") && $0.contains("AuthCanceled") && !$0.contains("webauthn/authentication →") })
        #expect(
            steps.contains {
                $0.contains(".Delete") && $0.contains("POST /identity/v1/update-profile → 200") && $0.contains("family_name gone")
            })
        // Secrets the server redacts stay out of the account.
        #expect(!r.stdout.contains("eyJ") && !r.stdout.contains("tkn="))
    }

    @Test func localDemoRegistersAndSignsIn() async throws {
        for profile in ["icloud", "security-key"] {
            let r = try await CLIRunner.run(["demo", "--local", "--profile", profile])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("valid"))
            #expect(r.stdout.contains("Done:"))
            // Both display modes: immediate on an empty vault is AuthCanceled, later it succeeds.
            #expect(r.stdout.contains("AuthCanceled (ASAuthorizationError 1001 canceled)"))
            #expect(r.stdout.contains("This time the sheet appears"))
        }
        let memory = try await CLIRunner.run(["demo", "--local", "--store", "memory"])
        #expect(memory.status == 0 && memory.stdout.contains("Credential store: in memory"))
    }

    @Test func usageErrorsExitTwo() async throws {
        #expect(try await CLIRunner.run(["no-such-command"]).status == 2)
        #expect(try await CLIRunner.run(["bench", "--seconds", "-1"]).status == 2)
        #expect(try await CLIRunner.run(["vectors", "generate"]).status == 2)
        #expect(try await CLIRunner.run(["demo", "--profile", "nope"]).status == 2)
        let help = try await CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit codes"))
        #expect(help.stdout.contains("AuthCanceled"))
    }

    @Test func vectorsGenerateIsReproducibleForASeed() async throws {
        let a = try CLIRunner.temporaryDirectory()
        let b = try CLIRunner.temporaryDirectory()
        let c = try CLIRunner.temporaryDirectory()
        defer { for d in [a, b, c] { try? FileManager.default.removeItem(at: d) } }
        #expect(try await CLIRunner.run(["vectors", "generate", "--out", a.path, "--seed", "5"]).status == 0)
        #expect(try await CLIRunner.run(["vectors", "generate", "--out", b.path, "--seed", "5"]).status == 0)
        #expect(try await CLIRunner.run(["vectors", "generate", "--out", c.path, "--seed", "6"]).status == 0)
        func load(_ d: URL) async throws -> [VectorCase] {
            try ["icloud", "security-key", "security-key-self"].flatMap { p in
                try JSONDecoder().decode([VectorCase].self, from: Data(contentsOf: d.appendingPathComponent("latchkey-\(p).json")))
            }
        }
        let ca = try await load(a)
        let cb = try await load(b)
        let cc = try await load(c)
        #expect(ca.count == 36)
        for (x, y) in zip(ca, cb) {
            #expect(x.challenge == y.challenge && x.credentialId == y.credentialId)
            #expect(x.expected.credentialPublicKey == y.expected.credentialPublicKey)
            #expect(x.userHandle == y.userHandle)
        }
        #expect(zip(ca, cc).allSatisfy { $0.challenge != $1.challenge && $0.credentialId != $1.credentialId })
        #expect(Set(ca.map(\.id)).count == ca.count)
    }

    @Test func benchJSONHasTheDocumentedShape() async throws {
        let r = try await CLIRunner.run(["bench", "--seconds", "0.05", "--json", "--vault-records", "200"])
        #expect(r.status == 0, "\(r.stderr)")
        struct Report: Decodable {
            struct Row: Decodable {
                var name: String
                var perSecond: Double?
                var baseline: String?
                var ratio: Double?
                var ratioMin: Double?
                var ratioMax: Double?
                var pairs: Int?
                var value: Double?
                var unit: String?
            }
            var pairsPerRatio: Int
            var rates: [Row]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        let names = Set(report.rates.map(\.name))
        #expect(
            names.isSuperset(of: [
                "openssl-p256-sign", "openssl-p256-verify", "makeCredential-none-memory", "makeCredential-packed-memory",
                "getAssertion-memory", "verify-assertion", "verify-registration-packed-x5c", "getAssertion-vault",
                "vault-batch-insert", "vault-rpid-lookup-p99", "vault-unlock-excluding-kdf", "vault-single-commit-p50",
                "vault-bytes-per-passkey",
            ]))
        for row in report.rates {
            #expect((row.perSecond != nil) != (row.value != nil), "\(row.name) has exactly one of perSecond and value")
            if let baseline = row.baseline {
                // Every ratio is the median of its interleaved pairs, printed with their spread.
                #expect(report.rates.first { $0.name == baseline }?.perSecond != nil)
                let rate = try #require(row.perSecond)
                let ratio = try #require(row.ratio)
                let low = try #require(row.ratioMin)
                let high = try #require(row.ratioMax)
                #expect(rate > 0 && low > 0 && low <= ratio && ratio <= high, "\(row)")
                #expect(row.pairs == report.pairsPerRatio && report.pairsPerRatio >= 15)
            }
            if row.value != nil { #expect(row.unit == "ms" || row.unit == "bytes") }
        }
    }
}
