import Hummingbird

/// Each emulated social provider's own OpenID Provider routes under `/providers/{name}`:
/// discovery, JWKS, the authorize chooser page (`GET`) and the person's act on it (`POST`), the
/// token endpoint and userinfo. Served whether or not the emulator API is on: a default server's
/// `google` and `facebook` work out of the box.
struct EmulatedProviderRoutes {
    let providers: EmulatedProviders
    let names: ServerNames

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/providers/:name/.well-known/openid-configuration") { _, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            return try JSONResponse.make(ProviderDiscoveryDocument(issuer: provider.issuer))
        }
        routes.anonymous(.get, "/providers/:name/jwks") { _, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            return try JSONResponse.make(JWKSDocument(try await providers.jwks(of: provider)))
        }
        routes.anonymous(.get, "/providers/:name/authorize") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            let form = try RequestBody.decodeQuery(ProviderAuthorizeForm.self, from: request)
            let checked = try form.request(checkedBy: providers)
            return ProviderChooserPage.response(
                provider: provider, request: checked, identities: try await providers.identities(of: provider))
        }
        routes.anonymous(.post, "/providers/:name/authorize") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            // The chooser's forms post to their own page: a page elsewhere may not act for the person.
            guard BrowserGuard.sameOrigin(request, names: names) else {
                throw APIError(.forbidden, "cross_site_request", "A cross-site post to a provider's page was refused", key: .invalidRequest)
            }
            let form = try await RequestBody.decode(ProviderAuthorizeForm.self, from: request)
            let checked = try form.request(checkedBy: providers)
            let location: String
            if form.cancel == "true" {
                location = providers.deny(checked)
            } else if let subject = form.subject, !subject.isEmpty {
                location = try await providers.approve(checked, subject: subject, at: provider)
            } else if let email = form.email {
                let identity = try await providers.create(
                    .init(email: email, emailVerified: form.emailVerified == "true", name: form.name), at: provider)
                location = try await providers.approve(checked, subject: identity.subject, at: provider)
            } else {
                throw APIError.invalidRequest(
                    "Choose an identity (subject), add one (email), or cancel", field: "subject", code: "required")
            }
            return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        }
        routes.anonymous(.post, "/providers/:name/token") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            let body = try await RequestBody.decode(ProviderTokenRequest.self, from: request)
            guard body.grantType == "authorization_code" else {
                throw APIError(.badRequest, "unsupported_grant_type", "grant_type must be authorization_code", key: .invalidRequest)
            }
            guard let code = body.code, !code.isEmpty else {
                throw APIError.invalidRequest("code is required", field: "code", code: "required")
            }
            return try JSONResponse.make(
                try await providers.redeem(
                    code: code, clientId: body.clientId, redirectUri: body.redirectUri, codeVerifier: body.codeVerifier, at: provider))
        }
        routes.anonymous(.get, "/providers/:name/userinfo") { request, context in
            let provider = try providers.provider(route: try context.parameters.require("name"))
            guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
                throw APIError.invalidToken("A Bearer access token is required")
            }
            return JSONResponse.make(.object(try await providers.userinfo(accessToken: String(header.dropFirst(7)), at: provider)))
        }
    }
}
