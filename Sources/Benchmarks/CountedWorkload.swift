import Encoding
import Foundation

/// What `bench --server --instructions` repeats in a server under callgrind: a login of either
/// kind, or the discovery document's `GET`, the least a request costs (the HTTP server, the
/// middleware, a route that only writes JSON): a login's four requests pay it at least four
/// times.
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

/// One account and its repeated login, of either kind.
struct LoginLoop {
    let kind: InstructionBench.LoginKind
    let passkey: PasskeyLoginClient?
    let email: String

    init(kind: InstructionBench.LoginKind, http: KeepAliveConnection) throws {
        self.kind = kind
        email = "instructions-\(UUID().uuidString.prefix(8))@example.com"
        switch kind {
        case .passkey:
            passkey = try PasskeyLoginClient.signUp(http, index: 0)
        case .password:
            passkey = nil
            let reply = try http.send(
                "POST", "/identity/v1/signup-token",
                json: .object([
                    "client_id": .string(PasskeyLoginClient.clientId), "scope": "openid",
                    "data": .object(["email": .string(email), "password": .string(Self.password)]),
                ]))
            guard reply.status == 200 else { throw BenchmarkError("signup-token: \(reply.status) \(reply.json)") }
        }
    }

    static let password = "correct horse battery staple"

    func once(_ http: KeepAliveConnection) throws {
        if let passkey {
            try passkey.login(http)
            return
        }
        let reply = try http.send(
            "POST", "/identity/v1/password/login",
            json: .object([
                "client_id": .string(PasskeyLoginClient.clientId), "grant_type": "password", "scope": "openid",
                "email": .string(email), "password": .string(Self.password),
            ]))
        guard reply.status == 200, let tkn = reply.json["tkn"]?.stringValue else {
            throw BenchmarkError("password/login: \(reply.status) \(reply.json)")
        }
        _ = try PasskeyLoginClient.exchange(tkn: tkn, http)
    }
}
