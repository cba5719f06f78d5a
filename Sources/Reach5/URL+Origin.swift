import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What RFC 3986 and RFC 6454 ask of a URL that Foundation leaves to its caller: case-folded
/// scheme and host, an IPv6 literal's brackets (`URL.host` drops them), `/` and the empty path as
/// one, and the ASCII serialization of an origin. The callback routing, `SdkConfig` and the
/// passkey requests all compare URLs through these, so no two of them can disagree.
extension URL {
    /// The scheme, lower-cased (RFC 3986 §3.1: schemes are case-insensitive).
    var normalizedScheme: String? { scheme?.lowercased() }

    /// The host lower-cased, an IPv6 literal in brackets; nil when the authority has none (an
    /// empty host, as in `https://:8443` or `https://[]`, counts as none).
    var normalizedHost: String? {
        guard let host, !host.isEmpty else { return nil }
        let lowered = host.lowercased()
        // `URL.host` drops an IPv6 literal's brackets: they are put back for an IPv6 address
        // only. A name's colon can only come from `%3A`; kept bare, no URL can hold it, so
        // ``serializedOrigin`` refuses it.
        guard lowered.contains(":"), !lowered.hasPrefix("[") else { return lowered }
        var address = in6_addr()
        return inet_pton(AF_INET6, lowered, &address) == 1 ? "[\(lowered)]" : lowered
    }

    /// The path with `/` folded onto the empty path (RFC 3986 §6.2.3), since a browser appends
    /// `/` to `scheme://host`.
    var normalizedPath: String { path == "/" ? "" : path }

    /// Same scheme, host and path as `expected`, after the normalizations above.
    func matchesEndpoint(of expected: URL) -> Bool {
        normalizedScheme == expected.normalizedScheme && normalizedHost == expected.normalizedHost
            && normalizedPath == expected.normalizedPath
    }

    /// The ASCII serialization of this URL's origin (RFC 6454 §6.2): scheme, host (its A-label
    /// form, which Foundation's parser already gives), and the port only when it is not the
    /// scheme's default. Nil without a scheme or a host. The form WebAuthn's
    /// `CollectedClientData.origin` takes, unlike `absoluteString`, which keeps path and slash.
    ///
    /// Rebuilt through `URLComponents` rather than pasted together: `URL.host` percent-decodes,
    /// so `https://a%20b.example` reads back as the host `a b.example`, which no origin may hold.
    var serializedOrigin: String? {
        guard let scheme = normalizedScheme, let host = normalizedHost else { return nil }
        var origin = URLComponents()
        origin.scheme = scheme
        origin.host = host
        if let port, port != Self.defaultPort[scheme] { origin.port = port }
        return origin.url?.absoluteString
    }

    /// Whether a redirect can arrive on this URL: a scheme, and a host (which `http` and `https`
    /// require, RFC 9110 §4.2.1) or a `/`-rooted path (a private-use scheme, RFC 8252 §7.1).
    /// `scheme:/` alone is refused: its path folds to empty and would match every URL of the scheme.
    var isValidCallbackUri: Bool {
        guard let scheme = normalizedScheme else { return false }
        if Self.schemesWithAuthority.contains(scheme) { return normalizedHost != nil }
        return normalizedHost != nil || normalizedPath.hasPrefix("/")
    }

    /// The ports a serialized origin leaves implicit, for the schemes WebAuthn allows.
    private static let defaultPort = ["http": 80, "https": 443]
    /// The schemes whose URLs must name a host.
    private static let schemesWithAuthority: Set<String> = ["http", "https"]
}
