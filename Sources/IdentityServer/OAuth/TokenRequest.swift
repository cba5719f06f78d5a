import Encoding

/// The body of `POST /oauth/token` (JSON as the SDKs send it, or a form as RFC 6749 clients do;
/// both decode here): `authorization_code` with `code`, `code_verifier` and `redirect_uri`, or
/// `refresh_token` with `refresh_token` and an optional narrower `scope`. Which members a grant
/// needs is ``OAuthGrants``'s rule, so all are optional here.
struct TokenRequest: Decodable, Sendable {
    var clientId: String?
    var grantType: String?
    var code: String?
    var codeVerifier: String?
    var redirectUri: String?
    var refreshToken: String?
    var scope: String?

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case grantType = "grant_type"
        case code
        case codeVerifier = "code_verifier"
        case redirectUri = "redirect_uri"
        case refreshToken = "refresh_token"
        case scope
    }
}

/// The body of `POST /oauth/revoke` (RFC 7009 §2.1): the token (an access token is a JWT, so it
/// may be longer than a plain string member) and an optional hint of its kind.
struct RevokeRequest: Decodable, Sendable {
    var clientId: String?
    var token: LongText?
    var tokenTypeHint: String?

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case token
        case tokenTypeHint = "token_type_hint"
    }
}
