import Hummingbird

/// The emulator API of the emulated social providers: which there are (`name`, `issuer`), their
/// test identities (listed, added, removed), and ID tokens minted as a provider's native SDK
/// would hand them to an app (`login(withProvider:idToken:…)`).
struct ProviderEmulatorRoutes {
    let providers: EmulatedProviders

    struct ProviderItem: Encodable, Sendable {
        var name: String
        var issuer: String
        var discovery: String
    }

    struct ProvidersResponse: Encodable, Sendable { var items: [ProviderItem] }

    struct IdentityItem: Encodable, Sendable {
        var subject: String
        var email: String
        var emailVerified: Bool
        var name: String?
        var picture: String?

        init(_ row: IdentityStore.ProviderIdentityRow) {
            (subject, email, emailVerified, name, picture) = (row.subject, row.email, row.emailVerified, row.name, row.picture)
        }

        enum CodingKeys: String, CodingKey {
            case subject = "sub"
            case email
            case emailVerified = "email_verified"
            case name, picture
        }
    }

    struct IdentitiesResponse: Encodable, Sendable { var items: [IdentityItem] }

    /// `POST …/id-tokens`: the identity of `email` (made, verified unless `email_verified` is
    /// false, when the provider has none), for `audience` (by default this server's client).
    struct IdTokenRequest: Decodable, Sendable {
        var email: String
        var emailVerified: Bool?
        var name: String?
        var audience: String?
        var nonce: String?

        enum CodingKeys: String, CodingKey {
            case email
            case emailVerified = "email_verified"
            case name, audience, nonce
        }
    }

    struct IdTokenResponse: Encodable, Sendable {
        var idToken: String
        var identity: IdentityItem
        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case identity
        }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.emulator(.get, "/emulator/v1/providers") { _, _ in
            try JSONResponse.make(
                ProvidersResponse(
                    items: providers.all.map {
                        ProviderItem(name: $0.name, issuer: $0.issuer, discovery: $0.issuer + "/.well-known/openid-configuration")
                    }))
        }
        routes.emulator(.get, "/emulator/v1/providers/:name/identities") { _, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            return try JSONResponse.make(IdentitiesResponse(items: try await providers.identities(of: provider).map(IdentityItem.init)))
        }
        routes.emulator(.post, "/emulator/v1/providers/:name/identities") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            let identity = try await RequestBody.decode(ServerConfiguration.ProviderIdentity.self, from: request)
            return try JSONResponse.make(IdentityItem(try await providers.create(identity, at: provider)), status: .created)
        }
        routes.emulator(.delete, "/emulator/v1/providers/:name/identities/:sub") { _, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            try await providers.delete(subject: try context.parameters.require("sub"), at: provider)
            return JSONResponse.noContent()
        }
        routes.emulator(.post, "/emulator/v1/providers/:name/id-tokens") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            let body = try await RequestBody.decode(IdTokenRequest.self, from: request)
            let identity = try await providers.create(
                .init(email: body.email, emailVerified: body.emailVerified ?? true, name: body.name), at: provider)
            let token = try await providers.idToken(
                for: identity, audience: body.audience ?? providers.clientId, nonce: body.nonce, at: provider)
            return try JSONResponse.make(IdTokenResponse(idToken: token, identity: IdentityItem(identity)), status: .created)
        }
    }
}
