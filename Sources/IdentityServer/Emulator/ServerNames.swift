import Foundation

/// The names this server answers to, against DNS rebinding: a page on `attacker.example` whose
/// name is re-pointed at 127.0.0.1 reaches the server as "same-origin", but its requests carry
/// `Host: attacker.example`. The server's own names are the host of its base URL, `localhost`,
/// `127.0.0.1` and `[::1]` (each at the bound port), plus the configured extra hosts
/// (`allowed_hosts`, `serve --allow-host`): `name` at any port, or `name:port` at that port only.
struct ServerNames: Sendable, Equatable {
    struct Authority: Sendable, Equatable {
        /// Lower-cased, without a trailing dot; an IPv6 address keeps its brackets.
        var host: String
        var port: Int?
    }

    private(set) var loopbackNames: Set<String>
    let boundPort: Int
    private(set) var extras: [Authority] = []

    init(baseURL: String, allowedHosts: [String]) {
        let base = URLComponents(string: baseURL)
        boundPort = base?.port ?? (base?.scheme == "https" ? 443 : 80)
        loopbackNames = ["localhost", "127.0.0.1", "[::1]"]
        if let host = base?.host, let own = Self.authority(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) {
            loopbackNames.insert(own.host)
        }
        extras = allowedHosts.compactMap(Self.authority)
    }

    /// Whether a `Host` header (or HTTP/2 `:authority`) names this server.
    func allows(authority: String?) -> Bool {
        guard let authority, let a = Self.authority(authority) else { return false }
        return allows(a, defaultPort: 80)
    }

    /// Whether a browser's `Origin` is one of this server's own origins: `http` or `https`, one
    /// of its names, nothing after the authority. `null` and every other origin are not.
    func isOwn(origin: String) -> Bool {
        let lower = origin.lowercased()
        let (rest, defaultPort): (Substring, Int)
        if lower.hasPrefix("http://") {
            (rest, defaultPort) = (lower.dropFirst(7), 80)
        } else if lower.hasPrefix("https://") {
            (rest, defaultPort) = (lower.dropFirst(8), 443)
        } else {
            return false
        }
        guard !rest.contains("/"), let a = Self.authority(String(rest)) else { return false }
        return allows(a, defaultPort: defaultPort)
    }

    private func allows(_ a: Authority, defaultPort: Int) -> Bool {
        let port = a.port ?? defaultPort
        if loopbackNames.contains(a.host) && port == boundPort { return true }
        return extras.contains { $0.host == a.host && ($0.port == nil || $0.port == port) }
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`; nil for anything else (a path, user info, a
    /// port out of range, characters no host name has).
    static func authority(_ text: String) -> Authority? {
        let s = text.lowercased()
        guard !s.isEmpty, s.utf8.count <= 300 else { return nil }
        var host: Substring
        var portText: Substring?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { return nil }
            host = s[...close]
            let after = s[s.index(after: close)...]
            if after.isEmpty {
                portText = nil
            } else {
                guard after.first == ":" else { return nil }
                portText = after.dropFirst()
            }
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let parts = s.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            if host.hasSuffix(".") { host = host.dropLast() }
            guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") })
            else { return nil }
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let p = Int(portText),
                (1...65535).contains(p)
            else { return nil }
            port = p
        }
        return Authority(host: String(host), port: port)
    }
}
