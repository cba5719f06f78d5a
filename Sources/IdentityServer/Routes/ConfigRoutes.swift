import Encoding
import Hummingbird

/// `GET /identity/v1/config` and `GET /api/v1/providers`: what `initialize()` reads.
struct ConfigRoutes {
    let env: ServerEnvironment

    struct ConfigQuery: Decodable, Sendable {
        var clientId: String?

        enum CodingKeys: String, CodingKey { case clientId = "client_id" }
    }

    struct ConfigResponse: Encodable, Sendable {
        var scope: String
        var sms: Bool
        var passwordPolicy: PasswordPolicy

        struct PasswordPolicy: Encodable, Sendable {
            var minStrength: Int
            var allowUpdateWithAccessTokenOnly: Bool

            enum CodingKeys: String, CodingKey {
                case minStrength = "min_strength"
                case allowUpdateWithAccessTokenOnly = "allow_update_with_access_token_only"
            }
        }

        enum CodingKeys: String, CodingKey {
            case scope, sms
            case passwordPolicy = "password_policy"
        }
    }

    struct ProvidersResponse: Encodable, Sendable {
        var items: [Provider]
        var status = "success"

        struct Provider: Encodable, Sendable {
            var provider: String
            var clientId: String
            var scope: [String]

            enum CodingKeys: String, CodingKey {
                case provider, scope
                case clientId = "client_id"
            }
        }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/identity/v1/config") { request, _ in
            try env.requireClient(try RequestBody.decodeQuery(ConfigQuery.self, from: request).clientId)
            let c = env.configuration
            return try JSONResponse.make(
                ConfigResponse(
                    scope: c.scopes.joined(separator: " "), sms: c.sms,
                    passwordPolicy: .init(minStrength: c.passwordMinimumScore, allowUpdateWithAccessTokenOnly: true)))
        }
        router.get("/api/v1/providers") { _, _ in
            var items: [ProvidersResponse.Provider] = []
            // Apple is offered only when it can work: enabled and with issuer keys to check its
            // identity tokens. The SDK builds its sheet from this list, so a default server (Apple
            // enabled, no keys) must not send apps to a sign-up that always fails.
            if env.configuration.apple.enabled && env.appleKeys != nil {
                items.append(.init(provider: "apple", clientId: env.configuration.apple.clientId, scope: ["email", "name"]))
            }
            return try JSONResponse.make(ProvidersResponse(items: items))
        }
    }
}
