import Encoding
import Hummingbird
import JOSE

/// `GET /identity/v1/config` and `GET /api/v1/providers`: what `initialize()` reads.
struct ConfigRoutes {
    let configuration: ServerConfiguration
    let appleKeys: JWKSet?

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

        /// What the SDK's `ProviderConfig` decodes: `variant` is required there (its `initialize()`
        /// fails without it); `universal_link` is optional and omitted when the provider has none.
        struct Provider: Encodable, Sendable {
            var provider: String
            var variant: String
            var clientId: String
            var scope: [String]
            var universalLink: String?

            enum CodingKeys: String, CodingKey {
                case provider, variant, scope
                case clientId = "client_id"
                case universalLink = "universal_link"
            }
        }
    }

    /// Sign in with Apple's variants on this server: the native one ReachFive's iOS SDK uses.
    static let appleVariants = ["native"]

    /// ReachFive's choice among a provider's variants (providerCreator.adoc): the one the app asked
    /// for, case aside; else the first whose name contains "ios"; else the first (the default).
    static func chooseVariant(_ requested: String?, among variants: [String]) -> String {
        if let requested, let exact = variants.first(where: { $0.lowercased() == requested.lowercased() }) { return exact }
        return variants.first { $0.lowercased().contains("ios") } ?? variants[0]
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/identity/v1/config") { request, _ in
            try configuration.requireClient(try RequestBody.decodeQuery(ConfigQuery.self, from: request).clientId)
            let c = configuration
            return try JSONResponse.make(
                ConfigResponse(
                    scope: c.scopes.joined(separator: " "), sms: c.sms,
                    passwordPolicy: .init(minStrength: c.passwordMinimumScore, allowUpdateWithAccessTokenOnly: true)))
        }
        // Query parameters other than platform/sdk are `<provider>=<variant>`, as the SDK sends them.
        routes.anonymous(.get, "/api/v1/providers") { request, _ in
            let requested = request.uri.queryParameters["apple"].map(String.init)
            var items: [ProvidersResponse.Provider] = []
            // Apple is offered only when it can work: enabled and with issuer keys to check its
            // identity tokens. The SDK builds its sheet from this list, so a default server (Apple
            // enabled, no keys) must not send apps to a sign-up that always fails.
            if configuration.apple.enabled && appleKeys != nil {
                items.append(
                    .init(
                        provider: "apple", variant: Self.chooseVariant(requested, among: Self.appleVariants),
                        clientId: configuration.apple.clientId, scope: ["email", "name"]))
            }
            // The emulated social providers (`/providers/<name>`), through the web login.
            for provider in configuration.providers {
                let requestedVariant = request.uri.queryParameters[Substring(provider.name)].map(String.init)
                items.append(
                    .init(
                        provider: provider.name, variant: Self.chooseVariant(requestedVariant, among: ["web"]),
                        clientId: configuration.clientId, scope: ["openid", "email", "profile"]))
            }
            return try JSONResponse.make(ProvidersResponse(items: items))
        }
    }
}
