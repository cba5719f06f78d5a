import CBOR
import Foundation

/// The tokens of a login to an identity server, kept so later commands can call it as that
/// user. Secrets (the tokens) are encrypted like every item; lookups go by server and client.
public struct SessionItem: Equatable, Sendable {
    /// The server's base URL (`http://127.0.0.1:8975`).
    public var server: String
    public var clientId: String
    /// Who is signed in (an email, a phone number, or the account id), for people reading a list.
    public var user: String
    public var accessToken: String
    public var refreshToken: String?
    public var idToken: String?
    public var tokenType: String?
    public var expiresIn: Int?
    public var issuedAt: Date

    public init(
        server: String, clientId: String, user: String, accessToken: String, refreshToken: String?, idToken: String?,
        tokenType: String?, expiresIn: Int?, issuedAt: Date = Date()
    ) {
        self.server = server
        self.clientId = clientId
        self.user = user
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.issuedAt = wholeMilliseconds(issuedAt)
    }

    /// Whether the access token's lifetime has run out at `now` (a token without one never does).
    public func isExpired(at now: Date = Date()) -> Bool {
        guard let expiresIn else { return false }
        return now.timeIntervalSince(issuedAt) >= Double(expiresIn)
    }

    /// The lookup key of a session: one per server and client.
    public var lookupKey: String { Self.lookupKey(server: server, clientId: clientId) }
    public static func lookupKey(server: String, clientId: String) -> String { server + " " + clientId }

    var cbor: CBOR {
        var fields: [(CBOR, CBOR)] = [
            (.text("server"), .text(server)), (.text("clientId"), .text(clientId)), (.text("user"), .text(user)),
            (.text("accessToken"), .text(accessToken)), (.text("issuedAt"), dateCBOR(issuedAt)),
        ]
        if let refreshToken { fields.append((.text("refreshToken"), .text(refreshToken))) }
        if let idToken { fields.append((.text("idToken"), .text(idToken))) }
        if let tokenType { fields.append((.text("tokenType"), .text(tokenType))) }
        if let expiresIn { fields.append((.text("expiresIn"), .int(expiresIn))) }
        return .map(fields)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        server = try f.text("server")
        clientId = try f.text("clientId")
        user = try f.text("user")
        accessToken = try f.text("accessToken")
        refreshToken = f.optionalText("refreshToken")
        idToken = f.optionalText("idToken")
        tokenType = f.optionalText("tokenType")
        expiresIn = f.fields["expiresIn"]?.intValue
        issuedAt = f.date("issuedAt") ?? Date(timeIntervalSince1970: 0)
    }
}
