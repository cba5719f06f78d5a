import Encoding
import Foundation

/// `GET /identity/v1/userinfo` latency while `clients` other clients sign up with passwords at
/// the server's default hashing cost: whether slow work (scrypt) holds up quick requests.
enum UserinfoUnderSignups {
    static func measure(port: Int, user: PasskeyLoginClient, seconds: Double, clients: Int) async throws -> [BenchRow] {
        let accessToken = try await ConcurrentClients.onThread { () throws -> String in
            let token = try user.login(try KeepAliveConnection(port: port))
            guard let access = token["access_token"]?.stringValue else { throw BenchmarkError("no access_token in the token response") }
            return access
        }
        // Thread 0 reads userinfo; the others sign up (each signup a new account and one hash).
        let (latencies, elapsed) = try await ConcurrentClients.run(
            count: clients + 1, seconds: seconds, setUp: { i in (index: i, http: try KeepAliveConnection(port: port), signups: 0) }
        ) { state in
            if state.index == 0 {
                let reply = try state.http.send("GET", "/identity/v1/userinfo", bearer: accessToken)
                guard reply.status == 200 else { throw BenchmarkError("userinfo: \(reply.status)") }
            } else {
                state.signups += 1
                let reply = try state.http.send(
                    "POST", "/identity/v1/signup-token",
                    json: .object([
                        "client_id": .string(PasskeyLoginClient.clientId), "scope": "openid",
                        "data": .object([
                            "email": .string("load\(state.index)-\(state.signups)-\(UUID().uuidString.prefix(8))@example.com"),
                            "password": .string("correct horse battery staple \(state.index) \(state.signups)"),
                        ]),
                    ]))
                guard reply.status == 200 else { throw BenchmarkError("signup-token: \(reply.status) \(reply.json)") }
            }
        }
        let userinfo = latencies[0].sorted()
        let signups = latencies.dropFirst().reduce(0) { $0 + $1.count }
        return [
            .init(name: "password-signups-\(clients)-clients", perSecond: Double(signups) / elapsed),
            .latency("userinfo-p50-during-signups", ConcurrentClients.percentile(userinfo, 0.50)),
            .latency("userinfo-p99-during-signups", ConcurrentClients.percentile(userinfo, 0.99)),
        ]
    }
}
