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
        // Both documents are fixed for the server's lifetime (its configuration, issuer and keys
        // are): written once, by the first request for each (encoding the discovery document
        // was half of that request's cost).
        let discovery = ComputedOnce { [configuration, issuer, baseURL] in
            JSONText.serializedBytes(
                try StrictJSONEncoder().encode(OpenIDConfiguration(issuer: issuer, baseURL: baseURL, scopes: configuration.scopes)))
        }
        let jwks = ComputedOnce { [signingKeys] in JSONText.serializedBytes(try StrictJSONEncoder().encode(JWKSDocument(signingKeys.jwks)))
        }
        routes.anonymous(.get, "/.well-known/openid-configuration") { _, _ in
            JSONResponse.make(serialized: try discovery.value())
        }
        routes.anonymous(.get, "/.well-known/jwks.json") { _, _ in
            // A JWKS is public and changes only with a restart that makes a key: no `no-store` needed,
            // but JSONResponse's is harmless.
            JSONResponse.make(serialized: try jwks.value())
        }
        routes.anonymous(.get, "/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
    }
}
