/// What an emulated provider's authorize endpoint takes: the authorization request (in the query
/// of `GET`, and carried back by each form of the chooser page as hidden fields), plus the
/// person's act on `POST`: a `subject` chosen, an identity to add (`email`, `name`,
/// `email_verified`), or `cancel`.
struct ProviderAuthorizeForm: Decodable, Sendable {
    var clientId: String?
    var redirectUri: String?
    var responseType: String?
    var scope: String?
    var state: String?
    var nonce: String?
    var codeChallenge: String?
    var codeChallengeMethod: String?
    var subject: String?
    var email: String?
    var name: String?
    var emailVerified: String?
    var cancel: String?

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case redirectUri = "redirect_uri"
        case responseType = "response_type"
        case scope, state, nonce
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
        case subject, email, name
        case emailVerified = "email_verified"
        case cancel
    }

    func request(checkedBy providers: EmulatedProviders) throws -> EmulatedProviders.AuthorizationRequest {
        try providers.authorizationRequest(
            clientId: clientId, redirectUri: redirectUri, responseType: responseType, scope: scope, state: state, nonce: nonce,
            codeChallenge: codeChallenge, codeChallengeMethod: codeChallengeMethod)
    }

    /// The hidden fields that carry `request` through the chooser page's forms.
    static func fields(of request: EmulatedProviders.AuthorizationRequest) -> [(String, String)] {
        var out = [
            ("client_id", request.clientId), ("redirect_uri", request.redirectUri), ("response_type", "code"), ("scope", request.scope),
        ]
        if let state = request.state { out.append(("state", state)) }
        if let nonce = request.nonce { out.append(("nonce", nonce)) }
        if let challenge = request.codeChallenge { out += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        return out
    }
}
