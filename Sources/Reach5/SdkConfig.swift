import Foundation

/// The SDK's configuration, as 11.0 shapes it (URL-typed endpoints, held to 11.0's rules); 8.2's
/// initializer (`scheme:`, `baseScheme:`, String endpoints, no checks) also compiles.
///
/// Latchkey's headless stand-ins: a loopback `domain` with a port (`127.0.0.1:8975`,
/// `localhost:8975`) names a local `latchkey serve`, spoken to over http, whose passkeys belong to
/// `https://localhost`; `baseURL:` names any other server explicitly. The real SDK refuses a port.
public class SdkConfig: @unchecked Sendable {
    /// Your ReachFive domain, as given.
    public let domain: String
    public let clientId: String
    /// The scheme of the SDK's callback URLs; defaults to `reachfive-<clientId>`, in the
    /// clientId's case (the console compares redirect URIs byte for byte).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let customScheme: String
    /// 8.2's name for the passwordless redirect URI (`redirectUri` as a string).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var scheme: String { redirectUri.absoluteString }
    /// 8.2's name for `customScheme`.
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var baseScheme: String { customScheme }
    /// The redirect URI for passwordless. Defaults to `reachfive-clientId://callback`.
    public let redirectUri: URL
    /// The redirect URI for MFA. Defaults to `reachfive-clientId://mfa`.
    public let mfaUri: URL
    /// The redirect URI for account recovery. Defaults to `reachfive-clientId://account-recovery`.
    public let accountRecoveryUri: URL
    /// The redirect URI for email verification. Defaults to `reachfive-clientId://email-verification`.
    public let emailVerificationUri: URL
    /// The WebAuthn origin sent with passkey requests that carry none, as a serialized origin
    /// (scheme, lower-case ASCII host, non-default port): `https://<domain>` unless configured.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let originWebAuthn: String
    /// Where the API is: `https://<domain>` (its A-label form), `http://<domain>` for the local
    /// server stand-in, or the `baseURL:` given.
    public let baseURL: URL
    /// The domain's host as hosts are compared (RFC 6454 §4): lower case, ASCII, an IPv6 literal
    /// in brackets.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let normalizedDomain: String

    /// The 11.0 initializer, plus Latchkey's `baseURL:`. Stops the app (`preconditionFailure`) at
    /// the first rule a parameter breaks, as 11.0 does:
    /// - `domain` must be a bare host: no scheme, port, path or trailing slash (a loopback host
    ///   with a port is Latchkey's local server);
    /// - `customScheme` (or `reachfive-<clientId>`) must be a valid URL scheme (RFC 3986 §3.1);
    /// - each redirect URI needs a scheme plus a host, or a `/`-rooted path; `http(s)` a host;
    /// - `originWebAuthn` must be an origin (RFC 6454 §6.2), and is kept in its serialized form.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(
        domain: String, clientId: String, customScheme: String? = nil, redirectUri: URL? = nil, mfaUri: URL? = nil,
        accountRecoveryUri: URL? = nil, emailVerificationUri: URL? = nil, originWebAuthn: URL? = nil, baseURL: URL? = nil
    ) {
        let scheme = customScheme ?? "reachfive-\(clientId)"
        let host: SdkConfigRules.APIHost
        do throws(SdkConfigRules.Violation) {
            host = try SdkConfigRules.apiHost(domain: domain)
            try SdkConfigRules.checkScheme(scheme)
            for (given, name) in [
                (redirectUri, "callback"), (mfaUri, "mfa"), (emailVerificationUri, "email-verification"),
                (accountRecoveryUri, "account-recovery"),
            ] {
                if let given { try SdkConfigRules.checkCallbackUri(given, name: name, scheme: scheme) }
            }
            self.originWebAuthn = try originWebAuthn.map(SdkConfigRules.origin) ?? host.defaultOrigin
        } catch {
            preconditionFailure(error.description)
        }
        self.domain = domain
        self.clientId = clientId
        self.customScheme = scheme
        self.redirectUri = redirectUri ?? Self.defaultURI(scheme, "callback")
        self.mfaUri = mfaUri ?? Self.defaultURI(scheme, "mfa")
        self.accountRecoveryUri = accountRecoveryUri ?? Self.defaultURI(scheme, "account-recovery")
        self.emailVerificationUri = emailVerificationUri ?? Self.defaultURI(scheme, "email-verification")
        self.baseURL = baseURL ?? host.baseURL
        normalizedDomain = host.normalizedDomain
    }

    /// The 8.2 initializer: `scheme` is the passwordless redirect URI, `baseScheme` the scheme of
    /// the derived defaults. 8.2 checks nothing, so neither does this: a domain that is not a
    /// bare host is still sent to as `https://<domain>`.
    @_disfavoredOverload
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public init(
        domain: String, clientId: String, scheme: String? = nil, baseScheme: String? = nil, mfaUri: String? = nil,
        accountRecoveryUri: String? = nil, emailVerificationUri: String? = nil
    ) {
        let base = baseScheme ?? "reachfive-\(clientId)"
        // 8.2 has no rules: a domain 11.0 would refuse falls back to `https://<domain>` below.
        let host = try? SdkConfigRules.apiHost(domain: domain)
        func uri(_ given: String?, _ name: String) -> URL { given.flatMap(URL.init(string:)) ?? Self.defaultURI(base, name) }
        self.domain = domain
        self.clientId = clientId
        customScheme = base
        redirectUri = uri(scheme, "callback")
        self.mfaUri = uri(mfaUri, "mfa")
        self.accountRecoveryUri = uri(accountRecoveryUri, "account-recovery")
        self.emailVerificationUri = uri(emailVerificationUri, "email-verification")
        originWebAuthn = host?.defaultOrigin ?? "https://\(domain.lowercased())"
        baseURL = host?.baseURL ?? URL(string: "https://\(domain)") ?? URL(fileURLWithPath: "/")
        normalizedDomain = host?.normalizedDomain ?? domain.lowercased()
    }

    /// Why 11.0's rules refuse `domain` as `SdkConfig(domain:)`, or nil when they accept it: for a
    /// tool that takes the domain from its user and must say so rather than stop.
    @_spi(Latchkey) public static func domainProblem(_ domain: String) -> String? {
        do throws(SdkConfigRules.Violation) {
            _ = try SdkConfigRules.apiHost(domain: domain)
            return nil
        } catch { return error.description }
    }

    /// `scheme://name`; a scheme 8.2 lets through that no URL can carry gives a `file:` URL that
    /// matches no callback.
    private static func defaultURI(_ scheme: String, _ name: String) -> URL {
        URL(string: "\(scheme)://\(name)") ?? URL(fileURLWithPath: "/\(name)")
    }
}
