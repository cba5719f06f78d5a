import CBOR
import Foundation

/// A Sign in with Apple credential: a stable user identifier, the email and name shared with
/// the RP, and the latest identity token.
public struct AppleIDItem: Equatable, Sendable {
    public var clientId: String
    public var userIdentifier: String
    public var email: String
    public var fullName: String?
    public var identityToken: String?
    public var createdAt: Date

    public init(
        clientId: String, userIdentifier: String, email: String, fullName: String?, identityToken: String?, createdAt: Date = Date()
    ) {
        self.clientId = clientId
        self.userIdentifier = userIdentifier
        self.email = email
        self.fullName = fullName
        self.identityToken = identityToken
        self.createdAt = wholeMilliseconds(createdAt)
    }

    var cbor: CBOR {
        var m: [(CBOR, CBOR)] = [
            ("clientId", .text(clientId)), ("userIdentifier", .text(userIdentifier)), ("email", .text(email)),
            ("createdAt", dateCBOR(createdAt)),
        ]
        if let fullName { m.append(("fullName", .text(fullName))) }
        if let identityToken { m.append(("identityToken", .text(identityToken))) }
        return .map(m)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        clientId = try f.text("clientId")
        userIdentifier = try f.text("userIdentifier")
        email = try f.text("email")
        fullName = f.optionalText("fullName")
        identityToken = f.optionalText("identityToken")
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
    }
}
