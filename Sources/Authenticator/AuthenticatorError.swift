/// Why the authenticator refused or failed: the CTAP status a host sees, and, when the status
/// stands for a failure underneath (the credential store, the crypto layer), that failure
/// itself, so a vault error is never reported as a bare `CTAP1_ERR_OTHER`.
public struct AuthenticatorError: Error, Sendable, CustomStringConvertible {
    public enum Cause: Sendable {
        /// The `CredentialStore` threw (a vault error, a full disk, …).
        case store(any Error)
        /// Key generation, attestation or signing failed (a `CryptoError` from `LatchkeyCrypto`).
        case crypto(any Error)
    }

    /// The CTAP 2.1 status code (§8.2) this failure is reported as.
    public var status: CTAPStatus
    public var cause: Cause?

    public init(_ status: CTAPStatus, cause: Cause? = nil) {
        self.status = status
        self.cause = cause
    }

    /// The underlying error, when there is one.
    public var underlying: (any Error)? {
        switch cause {
        case .store(let error): return error
        case .crypto(let error): return error
        case nil: return nil
        }
    }

    public var description: String {
        underlying.map { "\(status): \($0)" } ?? status.description
    }

    static func store(_ status: CTAPStatus, _ error: any Error) -> AuthenticatorError {
        if let known = error as? AuthenticatorError { return known }
        return AuthenticatorError(status, cause: .store(error))
    }

    static func crypto(_ error: any Error) -> AuthenticatorError {
        AuthenticatorError(.other, cause: .crypto(error))
    }
}
