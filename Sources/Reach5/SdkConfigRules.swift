import Foundation

/// The rules 11.0's `SdkConfig` holds its parameters to, each a check that names the parameter
/// it refuses. `SdkConfig.init` stops the app on the first violation, as 11.0 does (a
/// misconfigured app should not get as far as a login); tests call the checks directly.
enum SdkConfigRules {
    /// A parameter `SdkConfig` refuses, with the message the app is stopped with.
    struct Violation: Error, Equatable, CustomStringConvertible {
        enum Parameter: String, Sendable { case domain, customScheme, callbackUri, originWebAuthn }
        let parameter: Parameter
        let description: String
    }

    /// Where the API is, as a domain resolves: the base URL, the host in its compared form and
    /// the WebAuthn origin that stands for the domain when none is configured.
    struct APIHost: Equatable {
        let baseURL: URL
        let normalizedDomain: String
        let defaultOrigin: String
    }

    /// The loopback names a local server answers on.
    private static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// `domain` must be a bare host: a name (kept as given; IDN hosts are sent in A-label form),
    /// an IPv4 address or a bracketed IPv6 one; no scheme, port, userinfo, path, query, fragment
    /// or white space.
    ///
    /// Latchkey's one exception, its documented headless stand-in: a loopback host with a port
    /// (`127.0.0.1:8975`, `localhost:8975`, `[::1]:8975`) names a local `latchkey serve`, spoken
    /// to over http, whose relying party is `localhost`; its default origin is `https://localhost`.
    static func apiHost(domain: String) throws(Violation) -> APIHost {
        if let local = localServer(domain) { return local }
        var components = URLComponents()
        components.scheme = "https"
        components.host = domain
        guard let url = components.url, let origin = url.serializedOrigin, let host = url.normalizedHost else {
            throw Violation(
                parameter: .domain,
                description: "'\(domain)' is not a valid domain: it must be a bare host, with no scheme, port, path or "
                    + "trailing slash, e.g. 'example.reach5.net'. (A local latchkey serve is named by a loopback host "
                    + "and its port, e.g. '127.0.0.1:8975'.)")
        }
        return APIHost(baseURL: url, normalizedDomain: host, defaultOrigin: origin)
    }

    /// The stand-in: a loopback host, a colon, and a port from 1 to 65535 in decimal.
    private static func localServer(_ domain: String) -> APIHost? {
        guard let colon = domain.lastIndex(of: ":") else { return nil }
        let host = domain[..<colon].lowercased()
        let port = domain[domain.index(after: colon)...]
        guard loopbackHosts.contains(host), !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit),
            let number = Int(port), (1...65535).contains(number), let url = URL(string: "http://\(host):\(number)")
        else { return nil }
        return APIHost(baseURL: url, normalizedDomain: host, defaultOrigin: "https://localhost")
    }

    /// A URL scheme as RFC 3986 §3.1 spells it: an ASCII letter, then letters, digits, `+`, `-`
    /// or `.`. A clientId with `_` gives a default scheme that is not one.
    static func checkScheme(_ scheme: String) throws(Violation) {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) })
        else {
            throw Violation(
                parameter: .customScheme,
                description: "'\(scheme)' is not a valid URL scheme: it must start with a letter and contain only "
                    + "letters, digits, '+', '-' or '.'. Without a customScheme the scheme is 'reachfive-<clientId>'; "
                    + "pass a valid customScheme, and declare it in the app's URL types and in the ReachFive console.")
        }
    }

    /// A redirect URI (`redirectUri`, `mfaUri`, `accountRecoveryUri`, `emailVerificationUri`)
    /// must be one a redirect can arrive on (``URL/isValidCallbackUri``).
    static func checkCallbackUri(_ uri: URL, name: String, scheme: String) throws(Violation) {
        guard uri.isValidCallbackUri else {
            throw Violation(
                parameter: .callbackUri,
                description: "'\(uri.absoluteString)' is not a valid \(name) URI: it needs a scheme and a host "
                    + "('http' and 'https' need a host) or a path starting with '/', e.g. '\(scheme)://\(name)', "
                    + "'com.example.app:/oauth2redirect/\(name)' or 'https://your-app.example/\(name)'. "
                    + "Leave it unset for the default derived from customScheme.")
        }
    }

    /// A configured WebAuthn origin must reduce to an origin (a scheme and a host); it is kept
    /// in its serialized form.
    static func origin(_ url: URL) throws(Violation) -> String {
        guard let origin = url.serializedOrigin else {
            throw Violation(
                parameter: .originWebAuthn,
                description: "'\(url.absoluteString)' is not a valid WebAuthn origin: it must be an absolute URL with a "
                    + "scheme and a host, e.g. https://auth.example.com.")
        }
        return origin
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
