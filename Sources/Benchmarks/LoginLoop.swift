import Encoding
import Foundation

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
