/// An emulated provider's `/.well-known/openid-configuration` (OIDC Discovery 1.0 §3).
struct ProviderDiscoveryDocument: Encodable, Sendable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var userinfoEndpoint: String
    var jwksUri: String
    var responseTypesSupported = ["code"]
    var subjectTypesSupported = ["public"]
    var idTokenSigningAlgValuesSupported = ["RS256"]
    var scopesSupported = ["openid", "email", "profile"]
    var tokenEndpointAuthMethodsSupported = ["none"]
    var grantTypesSupported = ["authorization_code"]
    var codeChallengeMethodsSupported = ["S256"]
    var claimsSupported = ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email", "email_verified", "name", "picture"]

    init(issuer: String) {
        self.issuer = issuer
        authorizationEndpoint = issuer + "/authorize"
        tokenEndpoint = issuer + "/token"
        userinfoEndpoint = issuer + "/userinfo"
        jwksUri = issuer + "/jwks"
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksUri = "jwks_uri"
        case responseTypesSupported = "response_types_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case scopesSupported = "scopes_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case grantTypesSupported = "grant_types_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case claimsSupported = "claims_supported"
    }
}
