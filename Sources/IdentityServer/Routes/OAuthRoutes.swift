import Hummingbird

/// OAuth 2.1 with PKCE: `GET /oauth/authorize` turns a `tkn` (or a Sign in with Apple identity
/// token) into a code, `POST /oauth/token` turns a code or a refresh token into tokens (JSON
/// bodies, as the SDK sends them; form bodies too, as OAuth clients send them), and
/// `POST /oauth/revoke` revokes either kind of token. Each handler parses, calls one
/// ``OAuthGrants`` method and encodes.
struct OAuthRoutes {
    let grants: OAuthGrants

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/oauth/authorize") { request, context in
            let location = try await grants.authorize(
                try RequestBody.decodeQuery(AuthorizeQuery.self, from: request), trustedDevice: MfaRoutes.trustedDevice(of: request),
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]),
                errorId: String(describing: context.id))
            return Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
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
