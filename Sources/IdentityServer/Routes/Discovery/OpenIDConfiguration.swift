/// The OIDC provider metadata of `/.well-known/openid-configuration` (OIDC Discovery 1.0 §3,
/// RFC 8414 §2). The issuer may be configured (a name in front of the server); the endpoints are
/// where this server answers.
struct OpenIDConfiguration: Encodable, Sendable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var revocationEndpoint: String
    var userinfoEndpoint: String
    var endSessionEndpoint: String
    var jwksURI: String
    var scopesSupported: [String]
    var responseTypesSupported = ["code"]
    var grantTypesSupported = ["authorization_code", "refresh_token"]
    var subjectTypesSupported = ["public"]
    /// §3: RS256 MUST be listed; a client gets it with `"id_token_signed_response_alg": "RS256"`.
    var idTokenSigningAlgValuesSupported = ServerConfiguration.IDTokenAlgorithm.allCases.map(\.rawValue)
    var tokenEndpointAuthMethodsSupported = ["none"]
    var codeChallengeMethodsSupported = ["S256"]
    var claimsSupported = [
        "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "name", "given_name", "family_name", "middle_name",
        "nickname", "preferred_username", "picture", "gender", "birthdate", "locale", "updated_at", "email", "email_verified",
        "phone_number", "phone_number_verified", "address",
    ]

    init(issuer: String, baseURL base: String, scopes: [String]) {
        self.issuer = issuer
        authorizationEndpoint = base + "/oauth/authorize"
        tokenEndpoint = base + "/oauth/token"
        revocationEndpoint = base + "/oauth/revoke"
        userinfoEndpoint = base + "/identity/v1/userinfo"
        endSessionEndpoint = base + "/identity/v1/logout"
        jwksURI = base + "/.well-known/jwks.json"
        scopesSupported = scopes
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case endSessionEndpoint = "end_session_endpoint"
        case jwksURI = "jwks_uri"
        case scopesSupported = "scopes_supported"
        case responseTypesSupported = "response_types_supported"
        case grantTypesSupported = "grant_types_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case claimsSupported = "claims_supported"
    }
}
