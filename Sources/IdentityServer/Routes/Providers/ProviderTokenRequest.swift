/// An emulated provider's token request (RFC 6749 §4.1.3; a public client, so `client_id` in the
/// body and PKCE's `code_verifier` instead of a secret). Form or JSON bodies.
struct ProviderTokenRequest: Decodable, Sendable {
    var grantType: String?
    var code: String?
    var redirectUri: String?
    var clientId: String?
    var codeVerifier: String?

    enum CodingKeys: String, CodingKey {
        case grantType = "grant_type"
        case code
        case redirectUri = "redirect_uri"
        case clientId = "client_id"
        case codeVerifier = "code_verifier"
    }
}
