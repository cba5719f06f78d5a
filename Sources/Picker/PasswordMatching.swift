import Authenticator
import Vault

extension CredentialPicker {
    /// Saved passwords offered on `origin`, as Apple's password AutoFill offers them: those
    /// saved for exactly the origin's host, and those saved for a parent domain (up to the
    /// registrable domain) that were marked `includeSubdomains` (the stand-in for a site's
    /// associated domains). The port must match too: a password saved with a port is offered on
    /// that port only, one saved without a port on the scheme's default port only.
    func matchingPasswords(origin: RelyingPartyOrigin) throws(AuthorizationError) -> [(id: [UInt8], item: PasswordItem)] {
        let defaultPort = origin.scheme == "http" ? 80 : 443
        let originPort = origin.port ?? defaultPort
        var out: [(id: [UInt8], item: PasswordItem)] = []
        var labels = origin.host.split(separator: ".").map(String.init)
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
