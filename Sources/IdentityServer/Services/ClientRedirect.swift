/// Where a web login's answer goes: the client's redirect URI (already checked by
/// ``CallbackRule``), with the client's `state`, carrying a code, a step-up, or an RFC 6749
/// §4.1.2.1 error as the SDK's `ApiError(fromQueryParams:)` reads it (`error`,
/// `error_description`, `error_message_key`, `error_user_msg` in `locale`, and `error_id`).
/// `/oauth/authorize` and the provider callback answer through it alike.
struct ClientRedirect: Sendable {
    var redirectURI: String
    var state: String?
    var locale: String
    var errorId: String?

    func with(_ items: [String: String], setCookie: String? = nil) -> OAuthGrants.AuthorizeRedirect {
        OAuthGrants.AuthorizeRedirect(
            location: URLQuery.appending(items.merging(state.map { ["state": $0] } ?? [:]) { $1 }, to: redirectURI),
            setCookie: setCookie)
    }

    func error(_ error: String, _ description: String, key: MessageKey = .invalidRequest) -> OAuthGrants.AuthorizeRedirect {
        var items = [
            "error": error, "error_description": description, "error_message_key": key.rawValue,
            "error_user_msg": LocalizedMessages.message(key, locale: locale),
        ]
        if let errorId { items["error_id"] = errorId }
        return with(items)
    }

    /// A login refused: the token endpoint's `invalid_grant` is the authorization's `access_denied`.
    func refused(_ refusal: APIError) -> OAuthGrants.AuthorizeRedirect {
        error(refusal.error == "invalid_grant" ? "access_denied" : refusal.error, refusal.description, key: refusal.messageKey)
    }

    /// A login done: its code (and the SSO session it opened), or the step-up it needs first
    /// (`mfa_required=true`, the step-up token as `tkn`, as the password login's answer has it).
    func issued(_ issued: OAuthGrants.IssuedCode) -> OAuthGrants.AuthorizeRedirect {
        switch issued.outcome {
        case .authorizationCode(let code), .tkn(let code): return with(["code": code], setCookie: issued.webSessionCookie)
        case .stepUpRequired(let token): return with(["mfa_required": "true", "tkn": token])
        }
    }
}
