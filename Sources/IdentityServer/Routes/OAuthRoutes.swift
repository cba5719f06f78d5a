import HTTPTypes
import Hummingbird

/// OAuth 2.1 with PKCE: `GET /oauth/authorize` turns a `tkn` (or a Sign in with Apple identity
/// token) into a code, `POST /oauth/token` turns a code or a refresh token into tokens (JSON
/// bodies, as the SDK sends them; form bodies too, as OAuth clients send them), and
/// `POST /oauth/revoke` revokes either kind of token. Each handler parses, calls one
/// ``OAuthGrants`` method and encodes.
struct OAuthRoutes {
    /// The query an emulated provider sends back (RFC 6749 §4.1.2).
    struct ProviderCallbackQuery: Decodable, Sendable {
        var state: String?
        var code: String?
        var error: String?
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case state, code, error
            case errorDescription = "error_description"
        }
    }

    let grants: OAuthGrants

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/oauth/authorize") { request, context in
            let answer = try await grants.authorize(
                try RequestBody.decodeQuery(AuthorizeQuery.self, from: request), trustedDevice: MfaRoutes.trustedDevice(of: request),
                webSession: RequestCookie.only(named: OAuthGrants.webSessionCookie, in: request),
                providerBindings: RequestCookie.value(named: OAuthGrants.providerLoginCookie, in: request),
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]),
                errorId: String(describing: context.id))
            var headers: HTTPFields = [.location: answer.location, .cacheControl: "no-store"]
            if let cookie = answer.setCookie { headers[.setCookie] = cookie }
            return Response(status: .found, headers: headers)
        }
        // An emulated provider's answer (`code` or `error`, and `state`), from the browser.
        routes.anonymous(.get, EmulatedProviders.callbackPath) { request, _ in
            let query = try RequestBody.decodeQuery(ProviderCallbackQuery.self, from: request)
            let answer = try await grants.finishProviderLogin(
                state: query.state, code: query.code, error: query.error,
                binding: RequestCookie.value(named: OAuthGrants.providerLoginCookie, in: request),
                trustedDevice: MfaRoutes.trustedDevice(of: request),
                webSession: RequestCookie.value(named: OAuthGrants.webSessionCookie, in: request),
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]))
            // The binding cookie stays: it may hold another tab's login; this one's is spent.
            var headers: HTTPFields = [.location: answer.location, .cacheControl: "no-store"]
            if let cookie = answer.setCookie { headers[.setCookie] = cookie }
            return Response(status: .found, headers: headers)
        }
        routes.anonymous(.post, "/oauth/token") { request, _ in
            try JSONResponse.make(try await grants.token(try await RequestBody.decode(TokenRequest.self, from: request)))
        }
        routes.anonymous(.post, "/oauth/revoke") { request, _ in
            // RFC 7009 §2.2: 200 whatever the token was.
            try await grants.revoke(try await RequestBody.decode(RevokeRequest.self, from: request))
            return JSONResponse.make(.object([:]))
        }
    }
}
