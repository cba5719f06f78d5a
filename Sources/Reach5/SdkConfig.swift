import Foundation

/// The SDK's configuration. `domain` is a bare host as in the SDK; `baseURL` is this
/// facade's addition, so the same code can reach a local `latchkey serve` over http
/// (`http://127.0.0.1:8975`). Without it, calls go to `https://<domain>`.
public struct SdkConfig: Sendable {
    public let domain: String
    public let clientId: String
    public let customScheme: String
    public let redirectUri: URL
    public let emailVerificationUri: URL
    public let accountRecoveryUri: URL
    public let mfaUri: URL
    /// The WebAuthn origin (default `https://<domain>`).
    public let originWebAuthn: String
    public let baseURL: URL

    public init(
        domain: String, clientId: String, customScheme: String? = nil, redirectUri: URL? = nil, mfaUri: URL? = nil,
        accountRecoveryUri: URL? = nil, emailVerificationUri: URL? = nil, originWebAuthn: String? = nil, baseURL: URL? = nil
    ) {
        self.domain = domain
        self.clientId = clientId
        let scheme = customScheme ?? "reachfive-\(clientId)"
        self.customScheme = scheme
        self.redirectUri = redirectUri ?? URL(string: "\(scheme)://callback")!
        self.mfaUri = mfaUri ?? URL(string: "\(scheme)://mfa")!
        self.accountRecoveryUri = accountRecoveryUri ?? URL(string: "\(scheme)://account-recovery")!
        self.emailVerificationUri = emailVerificationUri ?? URL(string: "\(scheme)://email-verification")!
        self.originWebAuthn = originWebAuthn ?? "https://\(domain)"
        self.baseURL = baseURL ?? URL(string: "https://\(domain)")!
    }
}
