import Encoding
import Foundation

/// What `bench --server --instructions` repeats in a server under callgrind: a login of either
/// kind, or the discovery document's `GET`, the least a request costs (the HTTP server and the
/// middleware around a route that copies a document written once): each of a login's requests
/// (four for a passkey login, three for a password login) pays at least that.
enum CountedWorkload: Sendable {
    case login(InstructionBench.LoginKind)
    case discovery

    /// The profiles' names (`passkey-40.callgrind`, `discovery-80.callgrind` …).
    var name: String {
        switch self {
        case .login(let kind): kind.rawValue
        case .discovery: "discovery"
        }
    }

    /// Sets up what the workload needs on `http`'s server (an account) and returns one repetition.
    func prepare(_ http: KeepAliveConnection) throws -> (KeepAliveConnection) throws -> Void {
        switch self {
        case .login(let kind):
            let login = try LoginLoop(kind: kind, http: http)
            return { try login.once($0) }
        case .discovery:
            return { http in
                let reply = try http.send("GET", "/.well-known/openid-configuration")
                guard reply.status == 200, reply.json["issuer"] != nil else {
                    throw BenchmarkError("openid-configuration: \(reply.status) \(reply.json)")
                }
            }
        }
    }
}
