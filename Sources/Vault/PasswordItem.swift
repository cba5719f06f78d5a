import CBOR
import Foundation

public struct PasswordItem: Equatable, Sendable {
    /// A domain (`example.com`) or a URL.
    public var domain: String
    public var username: String
    public var password: String
    public var notes: String?
    /// Offer this password on subdomains of its host too (Apple: a saved credential is offered
    /// on its own domain only, unless the site associates the others with it). Off by default.
    public var includeSubdomains: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        domain: String, username: String, password: String, notes: String? = nil, includeSubdomains: Bool = false,
        createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.domain = domain
        self.username = username
        self.password = password
        self.notes = notes
        self.includeSubdomains = includeSubdomains
        self.createdAt = wholeMilliseconds(createdAt)
        self.updatedAt = wholeMilliseconds(updatedAt)
    }

    /// The port saved with the URL, if any; without one the password is offered on the
    /// origin's default port only.
    public var port: Int? {
        if let url = URLComponents(string: domain), url.scheme != nil { return url.port }
        return nil
    }

    /// The host part used for matching and the blind index: the URL's host, or the domain.
    public var host: String {
        if let url = URLComponents(string: domain), let host = url.host, url.scheme != nil { return host.lowercased() }
        return domain.lowercased()
    }

    var cbor: CBOR {
        var m: [(CBOR, CBOR)] = [
            ("domain", .text(domain)), ("username", .text(username)), ("password", .text(password)),
            ("createdAt", dateCBOR(createdAt)), ("updatedAt", dateCBOR(updatedAt)),
        ]
        if let notes { m.append(("notes", .text(notes))) }
        if includeSubdomains { m.append(("includeSubdomains", .bool(true))) }
        return .map(m)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        domain = try f.text("domain")
        username = try f.text("username")
        password = try f.text("password")
        notes = f.optionalText("notes")
        includeSubdomains = f.fields["includeSubdomains"] == .bool(true)
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
        updatedAt = f.date("updatedAt") ?? createdAt
    }
}
