import Foundation

/// The origin and RP ID rules a browser applies before it talks to an authenticator
/// (WebAuthn L3 §5.1.3 step 7–8, §5.1.4.1; HTML "is a registrable domain suffix of").
public struct RelyingPartyOrigin: Sendable, Equatable {
    public let origin: String
    public let scheme: String
    public let host: String
    public let port: Int?

    /// Parses a serialized origin: `scheme://host[:port]`, nothing else. https is required,
    /// except http for `localhost` and `*.localhost`.
    public init(_ origin: String) throws(ClientError) {
        guard let comps = URLComponents(string: origin), let scheme = comps.scheme?.lowercased(),
              let host = comps.host?.lowercased(), !host.isEmpty else {
            throw ClientError(.securityError, "'\(origin)' is not a valid origin")
        }
        guard comps.path.isEmpty || comps.path == "/", comps.query == nil, comps.fragment == nil,
              comps.user == nil, comps.password == nil else {
            throw ClientError(.securityError, "'\(origin)' is not a bare origin (no path, query or credentials allowed)")
        }
        let isLocalhost = host == "localhost" || host.hasSuffix(".localhost")
        guard scheme == "https" || (scheme == "http" && isLocalhost) else {
            throw ClientError(.securityError, "'\(origin)' is not a secure context: use https, or http only for localhost")
        }
        guard !Self.isIPAddress(host) else {
            throw ClientError(.securityError, "'\(origin)' uses an IP address, which cannot be a WebAuthn RP ID")
        }
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        self.scheme = scheme
        self.host = host
        self.port = comps.port
    }

    /// Checks `rpId` against this origin: equal to the host, or a suffix of it on a label
    /// boundary, and never a public suffix. Returns the effective RP ID (the host when nil).
    public func validate(rpId: String?, publicSuffixList: PublicSuffixList?) throws(ClientError) -> String {
        let id = (rpId ?? host).lowercased()
        guard !id.isEmpty, !id.hasPrefix("."), !id.hasSuffix("."), !id.contains("..") else {
            throw ClientError(.securityError, "RP ID '\(id)' is not a valid domain")
        }
        guard id == host || host.hasSuffix("." + id) else {
            throw ClientError(.securityError, "RP ID '\(id)' is not a registrable domain suffix of, nor equal to, the origin's host '\(host)'")
        }
        if id == "localhost" { return id }
        guard let psl = publicSuffixList else {
            throw ClientError(.securityError, "the public suffix list is unavailable (install Debian's 'publicsuffix' package); refusing to judge RP ID '\(id)'")
        }
        guard !psl.isPublicSuffix(id) else {
            throw ClientError(.securityError, "RP ID '\(id)' is a public suffix")
        }
        return id
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") || host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}
