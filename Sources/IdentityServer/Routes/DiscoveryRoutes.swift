import Encoding
import Hummingbird

/// OIDC discovery (`/.well-known/openid-configuration`), the token signing keys
/// (`/.well-known/jwks.json`) and the OpenAPI document of every route (`/openapi.json`).
struct DiscoveryRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/.well-known/openid-configuration") { _, _ in
            // The issuer may be configured (a name in front of the server); the endpoints are
            // where this server answers.
            let base = env.baseURL
            let scopes: [JSONValue] = env.configuration.scopes.map { .string($0) }
            return JSONResponse.make(
                .object([
                    "issuer": .string(env.issuer),
                    "authorization_endpoint": .string(base + "/oauth/authorize"),
                    "token_endpoint": .string(base + "/oauth/token"),
                    "revocation_endpoint": .string(base + "/oauth/revoke"),
                    "userinfo_endpoint": .string(base + "/identity/v1/userinfo"),
                    "end_session_endpoint": .string(base + "/identity/v1/logout"),
                    "jwks_uri": .string(base + "/.well-known/jwks.json"),
                    "scopes_supported": .array(scopes),
                    "response_types_supported": .array(["code"]),
                    "grant_types_supported": .array(["authorization_code", "refresh_token"]),
                    "subject_types_supported": .array(["public"]),
                    // OIDC Discovery §3: RS256 MUST be listed; a client gets it with
                    // "id_token_signed_response_alg": "RS256" (ES256 is the default).
                    "id_token_signing_alg_values_supported": .array(["ES256", "RS256"]),
                    "token_endpoint_auth_methods_supported": .array(["none"]),
                    "code_challenge_methods_supported": .array(["S256"]),
                    "claims_supported": .array([
                        "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "name", "given_name",
                        "family_name", "middle_name", "nickname", "preferred_username", "picture", "gender",
                        "birthdate", "locale", "updated_at", "email", "email_verified", "phone_number",
                        "phone_number_verified", "address",
                    ]),
                ]))
        }
        router.get("/.well-known/jwks.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: .init(string: env.signingKey.jwks.json)))
        }
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
    }
}
