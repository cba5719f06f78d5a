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

/// What a bearer token must carry for a route: a scope, and how recent its login must be.
struct BearerPolicy: Sendable, Equatable, CustomStringConvertible {
    /// How recent (`fresh_login_seconds`) the login behind the token must be.
    enum Freshness: String, Sendable, Equatable {
        /// Any unexpired session.
        case any
        /// Always: the route adds or removes a way to sign in or a second factor.
        case required
        /// Only for the requests that change how the account signs in (a password without
        /// the old one, a login identifier set through update-profile): the service asks
        /// through ``Sessions/Authenticated/requireFreshForSignInChange()``.
        case forSignInChanges = "for sign-in changes"
    }

    var scope: String?
    var freshness: Freshness

    /// Any signed-in session: reads of the account's own data.
    static let signedIn = BearerPolicy(scope: nil, freshness: .any)
    /// A write to the profile: `full_write`.
    static let write = BearerPolicy(scope: "full_write", freshness: .any)
    /// `full_write`, and a fresh login for the requests that change how the account signs in.
    static let writeSignIn = BearerPolicy(scope: "full_write", freshness: .forSignInChanges)
    /// Anything that adds or removes a way to sign in or a second factor (passkeys, MFA
    /// credentials, trusted devices, login identifiers): `full_write` and a fresh login.
    static let credentialChange = BearerPolicy(scope: "full_write", freshness: .required)

    var description: String { "scope \(scope ?? "any"), fresh login \(freshness.rawValue)" }
}
