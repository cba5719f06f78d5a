import Authenticator

extension CTAPStatus {
    /// The status a host sees for an authenticator failure.
    init(_ error: AuthenticatorError) { self = error.status }
}
