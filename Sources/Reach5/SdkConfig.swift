import Foundation

/// The SDK's configuration, as 11.0 shapes it (URL-typed endpoints); 8.2's initializer
/// (`scheme:`, `baseScheme:`, String endpoints) also compiles.
///
/// Latchkey's additions: a loopback `domain` with a port (`127.0.0.1:8975`, `localhost:8975`)
/// is spoken to over http, so an app reaches a local `latchkey serve` by changing only its domain;
/// `baseURL:` names any other server explicitly. The real SDK refuses both (it only speaks https
/// to a bare host).
public class SdkConfig: @unchecked Sendable {
    /// Your ReachFive domain, as given.
    public let domain: String
    public let clientId: String
    /// The scheme of the SDK's callback URLs; defaults to `reachfive-<clientId>`.
    public let customScheme: String
    /// 8.2's name for the passwordless redirect URI (`redirectUri` as a string).
    public var scheme: String { redirectUri.absoluteString }
    /// 8.2's name for `customScheme`.
    public var baseScheme: String { customScheme }
    /// The redirect URI for passwordless. Defaults to `reachfive-clientId://callback`.
    public let redirectUri: URL
    /// The redirect URI for MFA. Defaults to `reachfive-clientId://mfa`.
    public let mfaUri: URL
    /// The redirect URI for account recovery. Defaults to `reachfive-clientId://account-recovery`.
    public let accountRecoveryUri: URL
    /// The redirect URI for email verification. Defaults to `reachfive-clientId://email-verification`.
    public let emailVerificationUri: URL
    /// The WebAuthn origin sent with passkey requests that carry none (`https://<domain>`).
    public let originWebAuthn: String
    /// Where the API is: `https://<domain>`, `http://<domain>` for a loopback host with a port,
    /// or the `baseURL:` given.
    public let baseURL: URL

    /// Lower-cased domain, for host comparisons.
    public var normalizedDomain: String { domain.lowercased() }

    /// The 11.0 initializer, plus Latchkey's `baseURL:`.
    public init(
        domain: String, clientId: String, customScheme: String? = nil, redirectUri: URL? = nil, mfaUri: URL? = nil,
        accountRecoveryUri: URL? = nil, emailVerificationUri: URL? = nil, originWebAuthn: URL? = nil, baseURL: URL? = nil
    ) {
        self.domain = domain
        self.clientId = clientId
        let scheme = customScheme ?? "reachfive-\(clientId)"
        self.customScheme = scheme
        self.redirectUri = redirectUri ?? Self.defaultURI(scheme, "callback")
        self.mfaUri = mfaUri ?? Self.defaultURI(scheme, "mfa")
        self.accountRecoveryUri = accountRecoveryUri ?? Self.defaultURI(scheme, "account-recovery")
        self.emailVerificationUri = emailVerificationUri ?? Self.defaultURI(scheme, "email-verification")
        self.originWebAuthn = originWebAuthn.map(Self.serializedOrigin) ?? "https://\(domain)"
        self.baseURL = baseURL ?? Self.apiBase(domain: domain)
    }

    /// The 8.2 initializer: `scheme` is the passwordless redirect URI, `baseScheme` the scheme of
    /// the derived defaults.
    public convenience init(
        domain: String, clientId: String, scheme: String? = nil, baseScheme: String? = nil, mfaUri: String? = nil,
        accountRecoveryUri: String? = nil, emailVerificationUri: String? = nil
    ) {
        self.init(
            domain: domain, clientId: clientId, customScheme: baseScheme, redirectUri: scheme.flatMap(URL.init(string:)),
            mfaUri: mfaUri.flatMap(URL.init(string:)), accountRecoveryUri: accountRecoveryUri.flatMap(URL.init(string:)),
            emailVerificationUri: emailVerificationUri.flatMap(URL.init(string:)))
    }

    private static func defaultURI(_ scheme: String, _ name: String) -> URL {
        URL(string: "\(scheme)://\(name)") ?? URL(fileURLWithPath: "/\(name)")
    }

    /// `scheme://host[:port]` of a URL (RFC 6454 §6.2), without path, query or default port.
    private static func serializedOrigin(_ url: URL) -> String {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return url.absoluteString }
        let defaultPort = (scheme == "https" && url.port == 443) || (scheme == "http" && url.port == 80)
        return url.port.map { defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// http for a loopback host with an explicit port (a local server), https otherwise.
    static func apiBase(domain: String) -> URL {
        let host = domain.split(separator: ":").first.map(String.init)?.lowercased() ?? domain
        let hasPort = domain.contains(":") && !domain.hasPrefix("[") || domain.contains("]:")
        let loopback = ["127.0.0.1", "localhost", "[::1]"].contains(host) || domain.hasPrefix("[::1]")
        let scheme = loopback && hasPort ? "http" : "https"
        return URL(string: "\(scheme)://\(domain)") ?? URL(fileURLWithPath: "/")
    }
}
