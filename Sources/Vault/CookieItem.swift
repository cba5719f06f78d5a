import CBOR
import Foundation

/// A cookie an identity server set on this device, such as the trusted-device cookie an MFA
/// step-up leaves. The vault is the headless device's cookie jar: the cookie outlives the
/// process and the session (a logout keeps it, as a phone's browser keeps its cookies), so the
/// next login from the same vault presents it. Values are secrets, encrypted like every item.
public struct CookieItem: Equatable, Sendable {
    /// The server's base URL (`http://127.0.0.1:8975`), the jar's key.
    public var server: String
    public var name: String
    public var value: String
    /// When the server said it ends; nil for a cookie without `Max-Age`/`Expires`.
    public var expiresAt: Date?
    public var createdAt: Date

    public init(server: String, name: String, value: String, expiresAt: Date?, createdAt: Date = Date()) {
        self.server = server
        self.name = name
        self.value = value
        self.expiresAt = expiresAt.map(wholeMilliseconds)
        self.createdAt = wholeMilliseconds(createdAt)
    }

    /// Whether the cookie has ended at `now`.
    public func isExpired(at now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }

    var cbor: CBOR {
        var fields: [(CBOR, CBOR)] = [
            (.text("server"), .text(server)), (.text("name"), .text(name)), (.text("value"), .text(value)),
            (.text("createdAt"), dateCBOR(createdAt)),
        ]
        if let expiresAt { fields.append((.text("expiresAt"), dateCBOR(expiresAt))) }
        return .map(fields)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        server = try f.text("server")
        name = try f.text("name")
        value = try f.text("value")
        expiresAt = f.date("expiresAt")
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
    }
}
