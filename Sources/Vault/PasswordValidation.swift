import Foundation

extension PasswordItem {
    /// The one rule for what a vault stores as a password, wherever it comes from (the CLI's
    /// `add-password`, an import, an app through the library): a non-empty password; a site that
    /// is a host name, IP address, or an http(s) URL with one (never `javascript:`, `data:` or
    /// an empty name); a non-empty username without control characters or bidirectional
    /// overrides, which would rewrite a terminal or reorder what a person reads. Messages name
    /// the faulty field, never its value: the caller adds the value, escaped, where it may.
    public func validate() throws(VaultError) {
        if password.isEmpty { throw .invalidItem("the password is empty") }
        if let url = URLComponents(string: domain), let scheme = url.scheme {
            guard ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
                throw .invalidItem(
                    "the site is a \(Self.printable(scheme)): URL; only http and https URLs, host names and IP addresses are sites")
            }
        }
        guard SiteName.isValid(host) else { throw .invalidItem("the site is not a host name, IP address or http(s) URL with a host") }
        if username.isEmpty { throw .invalidItem("the username is empty") }
        if let bad = username.unicodeScalars.first(where: Self.isInvisibleControl) {
            throw .invalidItem("the username contains the control character U+\(String(format: "%04X", bad.value))")
        }
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides, isolates and marks: the
    /// characters `TerminalText` would have to escape.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E
            || v == 0x200F
    }

    /// A URL scheme as a message may show it: letters, digits and `+-.` only (RFC 3986).
    static func printable(_ scheme: String) -> String {
        String(
            scheme.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) }
                .map(Character.init).prefix(32))
    }
}
