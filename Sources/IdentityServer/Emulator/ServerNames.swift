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
    /// The port a `Host` without one means: the base URL's scheme's (443 over https, else 80).
    let schemePort: Int
    private(set) var extras: [Authority] = []

    init(baseURL: String, allowedHosts: [String]) {
        let base = URLComponents(string: baseURL)
        schemePort = base?.scheme == "https" ? 443 : 80
        boundPort = base?.port ?? schemePort
        loopbackNames = ["localhost", "127.0.0.1", "[::1]"]
        if let host = base?.host, let own = Self.authority(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) {
            loopbackNames.insert(own.host)
        }
        extras = allowedHosts.compactMap(Self.authority)
    }

    /// Whether a `Host` header (or HTTP/2 `:authority`) names this server; one without a port
    /// means the scheme's (`Host: localhost` is port 443 on an https server).
    func allows(authority: String?) -> Bool {
        guard let authority, let a = Self.authority(authority) else { return false }
        return allows(a, defaultPort: schemePort)
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
    /// port out of range, characters no host name has). Read on the UTF-8 bytes, ASCII only: a
    /// host name on the wire is ASCII (an internationalized one comes as punycode), and every
    /// request's `Host` comes through here.
    static func authority(_ text: String) -> Authority? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 300 else { return nil }
        let colon = UInt8(ascii: ":")
        var host: ArraySlice<UInt8>
        var portBytes: ArraySlice<UInt8>?
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = bytes[...close]
            let after = bytes[(close + 1)...]
            if let first = after.first {
                guard first == colon else { return nil }
                portBytes = after.dropFirst()
            }
            guard host.dropFirst().dropLast().allSatisfy({ isHexDigit($0) || $0 == colon || $0 == UInt8(ascii: ".") }) else { return nil }
        } else {
            let split = bytes.firstIndex(of: colon)
            host = bytes[..<(split ?? bytes.endIndex)]
            portBytes = split.map { bytes[($0 + 1)...] }
            if host.last == UInt8(ascii: ".") { host = host.dropLast() }
            guard !host.isEmpty,
                host.allSatisfy({
                    isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                })
            else { return nil }
        }
        var port: Int?
        if let portBytes {
            guard !portBytes.isEmpty, portBytes.count <= 5, portBytes.allSatisfy(isDigit) else { return nil }
            let p = portBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard (1...65535).contains(p) else { return nil }
            port = p
        }
        // Lower-cased as ASCII: nothing else passed the checks above.
        return Authority(host: String(decoding: host.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self), port: port)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
