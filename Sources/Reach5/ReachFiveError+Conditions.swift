/// What a failure means, read from the error's own data (its case, the server's message key and
/// `error_details`), so a caller chooses its advice without matching message text.
extension ReachFiveError {
    /// The reason of the failure `login` raises when Sign in with Apple was the one kind left and
    /// the server offers no Apple provider.
    static let noAppleProviderReason = "Sign in with Apple: no Apple provider configured (call initialize() first)"

    /// The start of the reason of a transport failure (ReachFiveTransport's `transportFailure`).
    static let networkFailurePrefix = "Network error: "

    /// The server could not be reached or the connection failed: no answer at all (the async and
    /// Future forms both give it as a `TechnicalError`, never a raw `URLError`).
    public var isNetworkFailure: Bool {
        if case .TechnicalError(let reason, nil) = self { return reason.hasPrefix(Self.networkFailurePrefix) }
        return false
    }

    /// A failure of the server or the transport rather than an answer about the request.
    public var isTechnical: Bool {
        if case .TechnicalError = self { return true }
        return false
    }

    /// Sign in with Apple was asked for and the server offers no Apple provider.
    public var isNoAppleProvider: Bool {
        if case .TechnicalError(let reason, nil) = self { return reason == Self.noAppleProviderReason }
        return false
    }

    /// The server refused a passkey ceremony (ReachFive's `error.webauthn.*` message keys): an
    /// unknown or unverifiable credential, a stale challenge.
    public var isPasskeyRefused: Bool { apiError?.errorMessageKey?.hasPrefix("error.webauthn.") ?? false }

    /// The server's `error_details`, one per field it refused (empty when it named none).
    public var fieldErrors: [FieldError] { apiError?.errorDetails ?? [] }

    private var apiError: ApiError? {
        switch self {
        case .RequestError(let api): return api
        case .AuthFailure(_, let api), .TechnicalError(_, let api): return api
        case .AuthCanceled: return nil
        }
    }
}
