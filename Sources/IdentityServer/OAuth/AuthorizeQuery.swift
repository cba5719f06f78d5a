import Encoding

/// The query of `GET /oauth/authorize` (RFC 6749 §4.1.1 with PKCE, plus ReachFive's `tkn` and
/// Sign in with Apple's `provider`, `id_token`, `nonce` and names). Every parameter is optional
/// here: which are required, and what an empty one means, is ``OAuthGrants/authorize(_:)``'s.
struct AuthorizeQuery: Decodable, Sendable {
    var clientId: String?
    var redirectUri: String?
    var responseType: String?
    var codeChallenge: String?
    var codeChallengeMethod: String?
    var scope: String?
    var state: String?
    var tkn: String?
    var provider: String?
    var idToken: LongText?
    var nonce: String?
    var givenName: String?
    var familyName: String?
    /// OIDC Core §3.1.2.1: `none` (no page: a browser without a session gets `login_required`)
    /// or `login` (the hosted page even within a session); anything else is ignored.
    var prompt: String?

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case redirectUri = "redirect_uri"
        case responseType = "response_type"
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
        case scope, state, tkn, provider
        case idToken = "id_token"
        case nonce
        case givenName = "given_name"
        case familyName = "family_name"
        case prompt
    }
}
