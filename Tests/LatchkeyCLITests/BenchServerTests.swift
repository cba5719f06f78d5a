import Foundation
import Testing

/// `latchkey bench --server` prints every server row (never a speed: only that each row is there
/// and holds a figure).
@Suite struct BenchServerTests {
    @Test func theServerRowsArePrinted() async throws {
        let r = try await CLIRunner.run([
            "bench", "--server", "--clients", "2", "--seconds", "0.05", "--pairs", "15", "--vault-records", "0",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func line(_ name: String) -> String? { lines.first { $0.hasPrefix(name + " ") } }
        for name in [
            "passkey-login-1-client", "passkey-login-1-p50", "passkey-login-2-clients", "passkey-login-2-p99",
            "facade-passkey-login", "password-signups-2-clients", "userinfo-p99-during-signups", "passkey-login-crypto-bound",
        ] {
            #expect(line(name) != nil, "no \(name) row in:\n\(r.stdout)")
        }
        #expect(line("facade-passkey-login")?.contains("× passkey-login-1-client") == true, "\(r.stdout)")
        for phase in ["options", "assertion", "authentication", "authorize", "token", "total"] {
            let row = line("login-phase-\(phase)")
            #expect(row?.contains("server CPU") == true && row?.contains("client CPU") == true, "login-phase-\(phase): \(r.stdout)")
        }
    }
}
