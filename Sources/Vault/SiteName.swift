#if canImport(Glibc)
    import Glibc
#endif

/// What a saved password's site may be: a DNS host name (LDH labels, `localhost` included), an
/// IPv4 address, or an IPv6 literal (from a URL's brackets). Nothing else can be matched against
/// an origin's host, and anything else (`javascript:…`, spaces, an empty name) is refused.
enum SiteName {
    static func isValid(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        if host.contains(":") { return isIPv6(host) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    private static func isIPv6(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var address = in6_addr()
        return inet_pton(AF_INET6, bare, &address) == 1
    }
}
