/// A failure of `create` or `get`, named as the browser's DOMException (or TypeError) would be.
public struct ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Name: String, Sendable {
        case notAllowedError = "NotAllowedError"
        case invalidStateError = "InvalidStateError"
        case notSupportedError = "NotSupportedError"
        case securityError = "SecurityError"
        case typeError = "TypeError"
        case syntaxError = "SyntaxError"
        case constraintError = "ConstraintError"
        case unknownError = "UnknownError"
    }

    public var name: Name
    public var message: String
    /// The CTAP status behind the error, when the authenticator produced one.
    public var ctapError: CTAPStatus?
    /// What failed underneath (the credential store, the crypto layer), kept typed so a caller
    /// can tell a vault error from a refusal; it does not take part in equality.
    public var underlying: (any Error)?

    public init(_ name: Name, _ message: String, ctapError: CTAPStatus? = nil, underlying: (any Error)? = nil) {
        self.name = name
        self.message = message
        self.ctapError = ctapError
        self.underlying = underlying
    }

    public var description: String { "\(name.rawValue): \(message)" }

    public static func == (a: ClientError, b: ClientError) -> Bool {
        a.name == b.name && a.message == b.message && a.ctapError == b.ctapError
    }

    /// The mapping Chromium and WebKit apply to CTAP errors; the authenticator's underlying
    /// failure, if any, rides along.
    static func from(_ failure: AuthenticatorError) -> ClientError {
        var mapped = from(status: failure.status)
        mapped.underlying = failure.underlying
        if let underlying = failure.underlying { mapped.message += " Cause: \(underlying)" }
        return mapped
    }

    private static func from(status error: CTAPStatus) -> ClientError {
        switch error {
        case .credentialExcluded:
            return ClientError(
                .invalidStateError, "The authenticator contains one of the credentials in excludeCredentials.", ctapError: error)
        case .unsupportedAlgorithm:
            return ClientError(
                .notSupportedError, "The authenticator supports none of the requested pubKeyCredParams (only ES256, -7).", ctapError: error)
        case .noCredentials:
            return ClientError(.notAllowedError, "No credential for this relying party is available.", ctapError: error)
        case .operationDenied, .uvInvalid:
            return ClientError(.notAllowedError, "User verification failed or was denied.", ctapError: error)
        case .unsupportedOption, .invalidOption:
            return ClientError(.notAllowedError, "The authenticator cannot perform the requested user verification.", ctapError: error)
        case .invalidLength, .invalidParameter, .missingParameter:
            return ClientError(.typeError, "The request has an invalid parameter (\(error.name)).", ctapError: error)
        default:
            return ClientError(.notAllowedError, "The operation failed (\(error.name)).", ctapError: error)
        }
    }
}
