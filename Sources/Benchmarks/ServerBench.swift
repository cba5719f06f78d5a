import Encoding
import Foundation
import IdentityServer
@_spi(Benchmark) import LatchkeyCrypto

/// `latchkey bench --server`: passkey logins against an identity server started in this process
/// (the same start-up as `latchkey serve`, default configuration), each client on a thread and a
/// keep-alive loopback connection of its own; where one login's time goes; the same login through
/// the `Reach5` facade; userinfo latency while clients sign up with passwords.
enum ServerBench {
    static func run(seconds: Double, clients: Int, sign: OpenSSLBaseline.Workload, verify: OpenSSLBaseline.Workload) async throws
        -> [BenchRow]
    {
        // The default configuration: the password rows hash at the default cost.
        let server = try await IdentityServerApplication.start(configuration: ServerConfiguration(), logLevel: .critical)
        do {
            let rows = try await measure(server, seconds: seconds, clients: clients, sign: sign, verify: verify)
            await server.stop()
            return rows
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func measure(
        _ server: RunningServer, seconds: Double, clients: Int, sign: OpenSSLBaseline.Workload, verify: OpenSSLBaseline.Workload
    ) async throws -> [BenchRow] {
        let port = server.port
        let users = try await ConcurrentClients.onThread {
            let setup = try KeepAliveConnection(port: port)
            return try (0..<max(clients, 1)).map { try PasskeyLoginClient.signUp(setup, index: $0) }
        }
        var rows = try await loginRates(port: port, users: users, seconds: seconds, clients: clients)
        rows += try await LoginPhases.measure(port: port, user: users[0], seconds: seconds)
        let serverOnly = rows.first { $0.name == "passkey-login-1-client" }?.perSecond
        rows.append(try await FacadeBench.row(baseURL: server.baseURL, seconds: seconds, serverOnly: serverOnly))
        rows += try await UserinfoUnderSignups.measure(port: port, user: users[0], seconds: seconds, clients: clients)
        // The crypto bound of one login, measured now: the authenticator's signature, the
        // server's verification of it, and the server's two token signatures (access, id).
        let signRate = OpenSSLBaseline.measureOnce(seconds: min(seconds, 1)) { sign() }
        let verifyRate = OpenSSLBaseline.measureOnce(seconds: min(seconds, 1)) { verify() }
        let bound = 1 / (3 / signRate + 1 / verifyRate)
        rows.append(.init(name: "passkey-login-crypto-bound", perSecond: bound, baseline: "3 sign + 1 verify, one core"))
        if let single = serverOnly {
            rows.append(.init(name: "passkey-login", perSecond: single, baseline: "passkey-login-crypto-bound", ratio: single / bound))
        }
        return rows
    }

    /// Logins/s, p50 and p99 with one client and with `clients` at once.
    private static func loginRates(port: Int, users: [PasskeyLoginClient], seconds: Double, clients: Int) async throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for count in Set([1, clients]).sorted() {
            let (latencies, elapsed) = try await ConcurrentClients.run(
                count: count, seconds: seconds, setUp: { i in (try KeepAliveConnection(port: port), users[i]) }
            ) { state in try state.1.login(state.0) }
            let sorted = latencies.flatMap { $0 }.sorted()
            let label = "passkey-login-\(count)-client\(count == 1 ? "" : "s")"
            rows.append(.init(name: label, perSecond: Double(sorted.count) / elapsed))
            rows.append(.latency("passkey-login-\(count)-p50", ConcurrentClients.percentile(sorted, 0.50)))
            rows.append(.latency("passkey-login-\(count)-p99", ConcurrentClients.percentile(sorted, 0.99)))
        }
        return rows
    }
}
