import Hummingbird

/// The logout that ends the browser's SSO session (`GET /identity/v1/logout`), then goes back to
/// the app when asked.
struct WebSessionRoutes {
    let grants: OAuthGrants
    let configuration: ServerConfiguration

    struct LogoutQuery: Decodable, Sendable {
        var postLogoutRedirectUri: String?

        enum CodingKeys: String, CodingKey { case postLogoutRedirectUri = "post_logout_redirect_uri" }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/identity/v1/logout") { request, _ in
            let query = try RequestBody.decodeQuery(LogoutQuery.self, from: request)
            if let target = query.postLogoutRedirectUri {
                _ = try CallbackRule.allowed(target, field: "post_logout_redirect_uri", in: configuration)
            }
            // The browser's SSO session ends, whether or not it goes back somewhere.
            let cleared = try await grants.endWebSession(secret: RequestCookie.value(named: OAuthGrants.webSessionCookie, in: request))
            var response =
                query.postLogoutRedirectUri.map { Response(status: .found, headers: [.location: $0, .cacheControl: "no-store"]) }
                ?? JSONResponse.noContent()
            if let cleared { response.headers[.setCookie] = cleared }
            return response
        }
    }
}
