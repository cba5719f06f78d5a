import Foundation
import Vault

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookies of a web session's browser (what Safari keeps for `ASWebAuthenticationSession`):
/// the presentation's vault, so a second web login of the same person finds the server's SSO
/// session as a phone's browser would, even in another process; or, for an ephemeral session
/// (`prefersEphemeralWebBrowserSession`), memory that ends with the session. Cookies are
/// host-only and kept per origin (`scheme://host:port`); their paths are not kept.
final class BrowserCookieJar: @unchecked Sendable {
    private let vault: Vault?
    private let lock = NSLock()
    /// origin → name → (value, expiry).
    private var memory: [String: [String: (value: String, expires: Date?)]] = [:]

    /// A jar in `vault`; in memory when nil.
    init(vault: Vault?) { self.vault = vault }

    /// The `Cookie` header a request to `url` carries, if any.
    func header(for url: URL) throws -> String? {
        let origin = HeadlessBrowser.origin(of: url)
        let now = Date()
        var pairs: [(String, String)]
        if let vault {
            pairs = try vault.cookies(server: origin, at: now).map { ($0.item.name, $0.item.value) }
        } else {
            pairs = lock.withLock {
                (memory[origin] ?? [:]).filter { $0.value.expires.map { $0 > now } ?? true }.map { ($0.key, $0.value.value) }
            }
        }
        pairs = pairs.filter { !$0.1.isEmpty }.sorted { $0.0 < $1.0 }
        // A secure cookie over plain http is never sent (none is kept from http anyway).
        return pairs.isEmpty ? nil : pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
    }

    /// Keeps the cookies of a response from `url` (its `Set-Cookie` header, folded), replacing
    /// those of the same name; one that has expired (`Max-Age=0`) is gone.
    func store(setCookie header: String?, from url: URL) throws {
        guard let header, !header.isEmpty else { return }
        let origin = HeadlessBrowser.origin(of: url)
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": header], for: url) {
            // A Secure cookie set over http is refused (RFC 6265bis §5.7).
            if cookie.isSecure && url.scheme != "https" { continue }
            if let vault {
                try vault.keep(CookieItem(server: origin, name: cookie.name, value: cookie.value, expiresAt: cookie.expiresDate))
            } else {
                lock.withLock { memory[origin, default: [:]][cookie.name] = (cookie.value, cookie.expiresDate) }
            }
        }
    }
}
