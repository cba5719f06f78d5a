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
        /// through `Sessions.Authenticated.requireFreshForSignInChange()`.
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
