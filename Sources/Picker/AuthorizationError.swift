/// `ASAuthorizationError`, with Apple's codes and names.
public struct AuthorizationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
        case matchedExcludedCredential = 1006
        case credentialImport = 1007
        case credentialExport = 1008
        case preferSignInWithApple = 1009
        case deviceNotConfiguredForPasskeyCreation = 1010

        public var name: String {
            switch self {
            case .unknown: return "unknown"
            case .canceled: return "canceled"
            case .invalidResponse: return "invalidResponse"
            case .notHandled: return "notHandled"
            case .failed: return "failed"
            case .notInteractive: return "notInteractive"
            case .matchedExcludedCredential: return "matchedExcludedCredential"
            case .credentialImport: return "credentialImport"
            case .credentialExport: return "credentialExport"
            case .preferSignInWithApple: return "preferSignInWithApple"
            case .deviceNotConfiguredForPasskeyCreation: return "deviceNotConfiguredForPasskeyCreation"
            }
        }
    }

    public var code: Code
    public var message: String
    /// The failure underneath (a vault error, a `ClientError`, a user driver's error), kept
    /// typed for callers that need to tell them apart; it does not take part in equality.
    public var underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// `code` failed because `error` did; the message is the error's own.
    public init(_ code: Code, because error: any Error) {
        self.init(code, "\(error)", underlying: error)
    }

    public static func == (a: AuthorizationError, b: AuthorizationError) -> Bool {
        a.code == b.code && a.message == b.message
    }

    public static func canceled(_ why: String) -> AuthorizationError { .init(.canceled, why) }

    public var description: String { "ASAuthorizationError \(code.rawValue) (\(code.name)): \(message)" }
}
