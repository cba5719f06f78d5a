import Authenticator
import Vault

extension CredentialPicker {
    /// Saved passwords offered on `origin`, as Apple's password AutoFill offers them: those
    /// saved for exactly the origin's host, and those saved for a parent domain (up to the
    /// registrable domain) that were marked `includeSubdomains` (the stand-in for a site's
    /// associated domains). The port must match too: a password saved with a port is offered on
    /// that port only, one saved without a port on the scheme's default port only.
    func matchingPasswords(origin: RelyingPartyOrigin) throws(AuthorizationError) -> [(id: [UInt8], item: PasswordItem)] {
        try matchingPasswords(scheme: origin.scheme, host: origin.host, port: origin.port)
    }

    /// The same matching for any web page's origin (a page may be on an IP address, which has no
    /// parent domain).
    func matchingPasswords(scheme: String, host: String, port: Int?) throws(AuthorizationError) -> [(id: [UInt8], item: PasswordItem)] {
        let defaultPort = scheme == "http" ? 80 : 443
        let originPort = port ?? defaultPort
        var out: [(id: [UInt8], item: PasswordItem)] = []
        let isAddress = host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        var labels = isAddress ? [host] : host.split(separator: ".").map(String.init)
        let hostLabels = labels.count
        while !labels.isEmpty {
            let domain = labels.joined(separator: ".")
            let isParent = labels.count < hostLabels
            // A parent stops at the public suffix (without the list: at two labels).
            if isParent, publicSuffixList?.isPublicSuffix(domain) ?? (labels.count < 2) { break }
            let saved: [(id: [UInt8], item: PasswordItem)]
            do { saved = try vault.passwords(host: domain) } catch { throw AuthorizationError(.failed, because: error) }
            out += saved.filter { (isParent ? $0.item.includeSubdomains : true) && ($0.item.port ?? defaultPort) == originPort }
            labels.removeFirst()
        }
        return out
    }
}

extension CredentialPicker {
    /// The saved passwords Safari's AutoFill offers on a web page at `origin` (the same matching
    /// as the sheet's), newest first.
    /// A password saved with a scheme is offered on that scheme only; one saved as a bare domain
    /// is an https site's.
    public func autofillPasswords(scheme: String, host: String, port: Int?) throws(AuthorizationError) -> [PasswordItem] {
        let scheme = scheme.lowercased()
        return try matchingPasswords(scheme: scheme, host: host.lowercased(), port: port).map(\.item).filter { item in
            guard let separator = item.domain.range(of: "://") else { return scheme == "https" }
            return item.domain[..<separator.lowerBound].lowercased() == scheme
        }.sorted { $0.updatedAt > $1.updatedAt }
    }
}
