/// The token response of `/oauth/token` and `/identity/v1/signup-token` (RFC 6749 §5.1): an
/// `id_token` only for `openid`, a `refresh_token` only for `offline_access`.
struct TokenResponse: Codable, Sendable, Equatable {
    var accessToken: String
    var tokenType = "Bearer"
    var expiresIn: Int64
    var scope: String
    var idToken: String?
    var refreshToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case scope
        case idToken = "id_token"
        case refreshToken = "refresh_token"
    }
}
