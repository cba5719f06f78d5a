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
            let host = comps.host?.lowercased(), !host.isEmpty
        else {
            throw ClientError(.securityError, "'\(origin)' is not a valid origin")
        }
        guard comps.path.isEmpty || comps.path == "/", comps.query == nil, comps.fragment == nil,
            comps.user == nil, comps.password == nil
        else {
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
        try Self.checkDomain(id)
        guard id == host || host.hasSuffix("." + id) else {
            throw ClientError(
                .securityError, "RP ID '\(id)' is not a registrable domain suffix of, nor equal to, the origin's host '\(host)'")
        }
        try Self.checkNotPublicSuffix(id, publicSuffixList)
        return id
    }

    /// The rules an RP ID arriving without an origin (an imported passkey) must pass: the same
    /// domain and public-suffix rules as at `create`, lower-case as browsers store it.
    public static func validateImported(rpId: String, publicSuffixList: PublicSuffixList?) throws(ClientError) {
        guard rpId == rpId.lowercased() else { throw ClientError(.securityError, "RP ID '\(rpId)' is not lower-case") }
        try checkDomain(rpId)
        guard !isIPAddress(rpId), rpId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
            throw ClientError(.securityError, "RP ID '\(rpId)' is not a valid domain")
        }
        try checkNotPublicSuffix(rpId, publicSuffixList)
    }

    static func checkDomain(_ id: String) throws(ClientError) {
        guard !id.isEmpty, id.utf8.count <= 253, !id.hasPrefix("."), !id.hasSuffix("."), !id.contains("..") else {
            throw ClientError(.securityError, "RP ID '\(id)' is not a valid domain")
        }
    }

    static func checkNotPublicSuffix(_ id: String, _ publicSuffixList: PublicSuffixList?) throws(ClientError) {
        if id == "localhost" { return }
        guard let psl = publicSuffixList else {
            throw ClientError(
                .securityError,
                "the public suffix list is unavailable (install Debian's 'publicsuffix' package); refusing to judge RP ID '\(id)'")
        }
        guard !psl.isPublicSuffix(id) else {
            throw ClientError(.securityError, "RP ID '\(id)' is a public suffix")
        }
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") || host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}
