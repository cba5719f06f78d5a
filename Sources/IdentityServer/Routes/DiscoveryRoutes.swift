import Encoding
import Hummingbird

/// OIDC discovery (`/.well-known/openid-configuration`), the token signing keys
/// (`/.well-known/jwks.json`) and the OpenAPI document of every route (`/openapi.json`).
struct DiscoveryRoutes {
    let configuration: ServerConfiguration
    let issuer: String
    let baseURL: String
    let signingKeys: SigningKeys

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/.well-known/openid-configuration") { _, _ in
            try JSONResponse.make(OpenIDConfiguration(issuer: issuer, baseURL: baseURL, scopes: configuration.scopes))
        }
        routes.anonymous(.get, "/.well-known/jwks.json") { _, _ in
            // A JWKS is public and changes only with a restart that makes a key: no `no-store` needed,
            // but JSONResponse's is harmless.
            try JSONResponse.make(JWKSDocument(signingKeys.jwks))
        }
        routes.anonymous(.get, "/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
    }
}
