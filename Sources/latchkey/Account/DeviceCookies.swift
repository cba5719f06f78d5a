import Foundation
import Reach5
import Vault

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The vault as this device's cookie jar for a server (the trusted-device cookie of an MFA
/// step-up): given to a `ReachFive` before a login, taken back after it.
extension AccountOptions {
    func restoreCookies(from vault: Vault, into r5: ReachFive) throws {
        let kept = try vaultOperation { try vault.cookies(server: serverURL) }
        guard let url = URL(string: serverURL), let host = url.host else { return }
        let cookies = kept.compactMap { entry -> HTTPCookie? in
            var properties: [HTTPCookiePropertyKey: Any] = [
                .name: entry.item.name, .value: entry.item.value, .domain: host, .path: "/",
            ]
            if let expires = entry.item.expiresAt { properties[.expires] = expires }
            return HTTPCookie(properties: properties)
        }
        r5.restoreServerCookies(cookies)
    }

    /// Keeps the cookies the server set during the flow (new or renewed ones replace the old).
    func keepCookies(of r5: ReachFive, in vault: Vault) throws {
        let known = try vaultOperation { try vault.cookies(server: serverURL) }
        for cookie in r5.serverCookies {
            let item = CookieItem(server: serverURL, name: cookie.name, value: cookie.value, expiresAt: cookie.expiresDate)
            if known.contains(where: { $0.item.name == item.name && $0.item.value == item.value }) { continue }
            _ = try vaultOperation { try vault.keep(item) }
        }
    }
}
