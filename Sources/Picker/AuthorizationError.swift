/// `ASAuthorizationError`, with Apple's codes and names.
public struct AuthorizationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Int, Sendable, CaseIterable {
        case unknown = 1000, canceled = 1001, invalidResponse = 1002, notHandled = 1003, failed = 1004
        case notInteractive = 1005, matchedExcludedCredential = 1006, credentialImport = 1007, credentialExport = 1008
        case preferSignInWithApple = 1009, deviceNotConfiguredForPasskeyCreation = 1010

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

    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }

    public static func canceled(_ why: String) -> AuthorizationError { .init(.canceled, why) }

    public var description: String { "ASAuthorizationError \(code.rawValue) (\(code.name)): \(message)" }
}
