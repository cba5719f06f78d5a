/// Who may call a route, declared where the route is registered (``PolicyRouter``), so that the
/// rule lives beside the path and a test can walk the whole table (`RoutePolicyTests`).
enum RouteAccess: Sendable, Equatable {
    /// No bearer token: anyone, or a caller proven another way (a `tkn`, a code, a PKCE
    /// verifier, a client id).
    case anonymous
    /// A bearer access token, under `policy`.
    case bearer(BearerPolicy)
    /// Anonymous, or a bearer token under `policy` when the request carries one (verify-email
    /// with the inbox code or a session, the step-up from a login's tkn or a session).
    case optionalBearer(BearerPolicy)
    /// The operator's routes (the emulator API and the web console), reached only with
    /// `--emulator-api`, behind the browser guard.
    case emulator

    /// The policy a bearer token is held to on this route; nil when a token is never read here.
    var policy: BearerPolicy? {
        switch self {
        case .bearer(let p), .optionalBearer(let p): p
        case .anonymous, .emulator: nil
        }
    }
}
