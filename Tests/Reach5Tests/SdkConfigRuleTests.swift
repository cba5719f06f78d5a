import Foundation
import Testing

@_spi(ReachFive82) @testable import Reach5

/// 11.0's `SdkConfig` rules, one row per class of input, written from its documented behaviour:
/// which domains, schemes, redirect URIs and origins it accepts, and how the WebAuthn origin and
/// `normalizedDomain` fold a host. `SdkConfig.init` traps on the first violation, so the rows
/// call the rules it runs; the accepted rows also build an `SdkConfig`.
@Suite struct SdkConfigRuleTests {
    @Test(arguments: [
        ("example.reach5.net", "example.reach5.net"),
        ("Example.Reach5.NET", "example.reach5.net"), // DNS is case-insensitive; `domain` keeps the case given
        ("my-tenant.reach5.net", "my-tenant.reach5.net"),
        ("localhost", "localhost"), // one label
        ("127.0.0.1", "127.0.0.1"),
        ("[::1]", "[::1]"), // an IPv6 literal is bracketed in a URL
        ("[2001:DB8::1]", "[2001:db8::1]"),
        ("café.example", "xn--caf-dma.example"), // IDN: the A-label form is what is sent and compared
        ("BÜCHER.example", "xn--bcher-kva.example"),
        ("example.com.", "example.com."), // a trailing dot is a different origin, so it is kept
        ("my_host.example", "my_host.example"), // not a DNS label, but only DNS can say so
    ])
    func acceptedDomains(domain: String, normalized: String) throws {
        let host = try SdkConfigRules.apiHost(domain: domain)
        #expect(host.normalizedDomain == normalized)
        #expect(host.defaultOrigin == "https://\(normalized)")
        #expect(host.baseURL.normalizedHost == normalized)
        let config = SdkConfig(domain: domain, clientId: "abc")
        #expect(config.domain == domain)
        #expect(config.normalizedDomain == normalized)
        #expect(config.originWebAuthn == "https://\(normalized)")
        #expect(config.baseURL.scheme == "https")
        #expect(config.baseURL.path == "")
    }

    @Test(arguments: [
        "https://example.reach5.net", // a URL, not a host
        "example.reach5.net/", // trailing slash
        "example.reach5.net/identity", // path
        "example.reach5.net:8443", // port (a loopback host with a port is the local-server stand-in)
        "user@example.reach5.net", // userinfo
        "example.reach5.net?a=b", // query
        "example.reach5.net#top", // fragment
        "example reach5.net", " example.reach5.net", "example.reach5.net\n", // white space
        "::1", // an IPv6 literal without its brackets
        "", "[]", // no host at all
        "localhost:0", "127.0.0.1:65536", "localhost:", "localhost:80a", "10.0.0.1:8975", // not the stand-in either
    ])
    func refusedDomains(domain: String) {
        #expect(violation { () throws(SdkConfigRules.Violation) in _ = try SdkConfigRules.apiHost(domain: domain) } == .domain)
    }

    /// The parameter a rule refused, or nil when it accepted.
    private func violation(_ rule: () throws(SdkConfigRules.Violation) -> Void) -> SdkConfigRules.Violation.Parameter? {
        do {
            try rule()
            return nil
        } catch { return error.parameter }
    }

    @Test func aRefusedDomainSaysWhichParameterAndWhy() {
        do {
            _ = try SdkConfigRules.apiHost(domain: "https://example.reach5.net")
            Issue.record("accepted a URL as a domain")
        } catch {
            #expect(error.parameter == .domain)
            #expect(error.description.contains("'https://example.reach5.net' is not a valid domain"))
        }
    }

    /// Latchkey's stand-in: a loopback host and a port name a local server, over http, whose
    /// relying party is `localhost`, so docs/reach5.md's recipe signs up a passkey as written.
    @Test(arguments: [
        ("127.0.0.1:8975", "http://127.0.0.1:8975", "127.0.0.1"),
        ("LocalHost:8975", "http://localhost:8975", "localhost"),
        ("[::1]:1", "http://[::1]:1", "[::1]"),
        ("localhost:65535", "http://localhost:65535", "localhost"),
    ])
    func localServerStandIn(domain: String, base: String, normalized: String) throws {
        let config = SdkConfig(domain: domain, clientId: "latchkey-local")
        #expect(config.baseURL.absoluteString == base)
        #expect(config.normalizedDomain == normalized)
        #expect(config.originWebAuthn == "https://localhost")
    }

    @Test func theDefaultsComeFromTheClientIdInItsOwnCase() {
        let config = SdkConfig(domain: "example.reach5.net", clientId: "9DKRdQyDLpaJqQQQAR9K")
        #expect(config.customScheme == "reachfive-9DKRdQyDLpaJqQQQAR9K")
        #expect(config.redirectUri.absoluteString == "reachfive-9DKRdQyDLpaJqQQQAR9K://callback")
        #expect(config.mfaUri.absoluteString == "reachfive-9DKRdQyDLpaJqQQQAR9K://mfa")
        #expect(config.accountRecoveryUri.absoluteString == "reachfive-9DKRdQyDLpaJqQQQAR9K://account-recovery")
        #expect(config.emailVerificationUri.absoluteString == "reachfive-9DKRdQyDLpaJqQQQAR9K://email-verification")
        let custom = SdkConfig(domain: "example.reach5.net", clientId: "has_underscore", customScheme: "com.example.app")
        #expect(custom.redirectUri.absoluteString == "com.example.app://callback")
    }

    @Test(arguments: ["com.example.app", "a", "app2", "my-app+x.y", "reachfive-9DKRdQyDLpaJqQQQAR9K", "reachfive-123abc"])
    func acceptedSchemes(scheme: String) {
        #expect(throws: Never.self) { try SdkConfigRules.checkScheme(scheme) }
    }

    @Test(arguments: [
        "reachfive-my_client", // what a clientId with '_' derives
        "reachfive-my client", "reachfive-my/client", "reachfive-my%client", "reachfive-cliént",
        "1app", "-app", ".app", "+app", "my:app", "my?app", "my#app", "",
    ])
    func refusedSchemes(scheme: String) {
        #expect(violation { () throws(SdkConfigRules.Violation) in try SdkConfigRules.checkScheme(scheme) } == .customScheme)
    }

    @Test(arguments: [
        "https://example.com/callback", // a universal link
        "https://example.com", // no path: `/` and none are the same endpoint
        "com.example.app://mfa", "reachfive-abc://callback",
        "com.example.app:/oauth2redirect/provider", // RFC 8252 §7.1: one slash, a path
        "reachfive-abc:///path", // an empty authority, but a path to match on
        "httpx-app:/callback", // starts with "http" without being http: no host needed
        "HTTPS://Example.com/cb",
    ])
    func acceptedCallbackUris(uri: String) throws {
        let url = try #require(URL(string: uri))
        #expect(url.isValidCallbackUri)
        let config = SdkConfig(domain: "example.reach5.net", clientId: "abc", redirectUri: url)
        #expect(config.redirectUri == url)
        // The redirect that comes back (a code in its query, maybe a slash appended) is recognized.
        for incoming in ["\(uri)?code=abc&state=x", uri.hasSuffix("/") ? uri : "\(uri)/"] {
            let back = try #require(URL(string: incoming))
            #expect(back.matchesEndpoint(of: config.redirectUri) == (back.normalizedPath == url.normalizedPath), "\(incoming)")
        }
        #expect(try #require(URL(string: "\(uri)?code=abc&state=x")).matchesEndpoint(of: config.redirectUri))
    }

    @Test(arguments: [
        "not-a-url", // a relative reference: no scheme
        "//example.com/callback", // a host but no scheme
        "reachfive-abc://", // a scheme and nothing to match on
        "custom:opaque", "mailto:test@example.com", "com.example.app:oauth2redirect", // no leading slash
        "com.example.app:/", // folds to the empty path: would match every URL of the scheme
        "https:///webauthn", "https:/cb", // http(s) without a host
    ])
    func refusedCallbackUris(uri: String) throws {
        let url = try #require(URL(string: uri))
        #expect(!url.isValidCallbackUri)
        #expect(
            violation { () throws(SdkConfigRules.Violation) in try SdkConfigRules.checkCallbackUri(url, name: "mfa", scheme: "x") }
                == .callbackUri)
    }

    @Test(
        arguments: [
            ("https://auth.example.com", "https://auth.example.com"),
            ("https://auth.example.com/", "https://auth.example.com"), // the slash is not part of an origin
            ("https://auth.example.com/webauthn?x=1#y", "https://auth.example.com"),
            ("HTTPS://Auth.Example.COM", "https://auth.example.com"),
            ("https://localhost:8443", "https://localhost:8443"), // a port other than the default stays
            ("https://localhost:443", "https://localhost"), ("http://localhost:80", "http://localhost"),
            ("http://localhost:443", "http://localhost:443"), // 443 is only https's default
            ("https://[::1]:8443", "https://[::1]:8443"), // brackets kept: `https://::1:8443` is no origin
            ("https://[2001:DB8::1]", "https://[2001:db8::1]"),
            ("https://café.example", "https://xn--caf-dma.example"), // RFC 6454 §6.2 serializes the A-label
            ("https://example.com.", "https://example.com."),
            ("android:apk-key-hash:abc", nil), ("https:///path", nil), ("https://:8443", nil), ("/relative", nil),
            ("https://a%20b.example", nil), ("https://a%2Fb.example", nil), ("https://a%3Ab.example", nil), // decoded hosts no origin holds
        ] as [(String, String?)])
    func originNormalization(given: String, origin: String?) throws {
        let url = try #require(URL(string: given))
        #expect(url.serializedOrigin == origin)
        if let origin {
            let config = SdkConfig(domain: "example.reach5.net", clientId: "abc", originWebAuthn: url)
            #expect(config.originWebAuthn == origin)
            let reachfive = ReachFive(sdkConfig: config)
            #expect(try reachfive.originWebAuthn(overriddenBy: given) == origin)
        } else {
            #expect(violation { () throws(SdkConfigRules.Violation) in _ = try SdkConfigRules.origin(url) } == .originWebAuthn)
            let reachfive = ReachFive(sdkConfig: SdkConfig(domain: "example.reach5.net", clientId: "abc"))
            #expect(throws: ReachFiveError.self) { try reachfive.originWebAuthn(overriddenBy: given) }
        }
    }

    /// The default origin and a configured one go through the same serialization, so an
    /// internationalized or mixed-case domain gives the origin its passkeys were made under.
    @Test func theDefaultOriginAgreesWithTheSameOriginConfigured() throws {
        for domain in ["café.example", "Example.Reach5.NET", "[::1]", "example.com."] {
            let fromDomain = SdkConfig(domain: domain, clientId: "abc")
            let configured = SdkConfig(
                domain: "example.reach5.net", clientId: "abc", originWebAuthn: try #require(URL(string: "https://\(domain)")))
            #expect(fromDomain.originWebAuthn == configured.originWebAuthn, "\(domain)")
            #expect(fromDomain.originWebAuthn == "https://\(fromDomain.normalizedDomain)")
        }
    }

    /// 8.2 checks nothing: its initializer keeps what 11.0 would stop the app for.
    @Test func theRelease82InitializerChecksNothing() {
        let config = SdkConfig(domain: "example.reach5.net/", clientId: "my_client", scheme: "myapp://login", baseScheme: nil)
        #expect(config.baseScheme == "reachfive-my_client")
        #expect(config.scheme == "myapp://login")
        #expect(config.domain == "example.reach5.net/")
    }
}
