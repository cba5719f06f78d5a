import Encoding
import Foundation
import SQLite

/// A new account's fields before it has an id.
struct AccountDraft: Sendable {
    var email: String?
    var phoneNumber: String?
    var customIdentifier: String?
    var passwordHash: String?
    var emailVerified = false
    var phoneNumberVerified = false
    var profile: [String: JSONValue] = [:]
}

/// A new account's first passkey, verified by the signup ceremony that made it.
struct NewPasskey: Sendable {
    var id: [UInt8]
    var publicKey: [UInt8]
    var friendlyName: String
    var aaguid = "00000000-0000-0000-0000-000000000000"
    var signCount: UInt32 = 0
    var backupEligible = false
    var backupState = false
}

enum AccountCreation {
    /// Inserts the account (and its first passkey, if any) inside the caller's write transaction.
    /// A taken identifier is a 400 naming it.
    static func insert(
        _ d: AccountDraft, passkey: NewPasskey? = nil, webauthnUserId: [UInt8]? = nil, core: ServiceCore, in db: Database
    ) throws -> Account {
        let now = core.now
        let account = Account(
            id: core.secrets.hexId(bytes: 16), email: d.email, phoneNumber: d.phoneNumber,
            customIdentifier: d.customIdentifier, passwordHash: d.passwordHash, emailVerified: d.emailVerified,
            phoneNumberVerified: d.phoneNumberVerified, webauthnUserId: webauthnUserId ?? core.secrets.random.bytes(32),
            profile: d.profile, createdAt: now, updatedAt: now)
        // Named in the order a person reads the form (email, phone, custom identifier); the
        // unique indexes stay the guarantee, whatever order SQLite would report them in.
        if let e = d.email, try core.store.account(where: .email, equals: e, in: db) != nil { throw APIError.emailAlreadyExists }
        if let p = d.phoneNumber, try core.store.account(where: .phoneNumber, equals: p, in: db) != nil {
            throw APIError.phoneNumberAlreadyExists
        }
        if let c = d.customIdentifier, try core.store.account(where: .customIdentifier, equals: c, in: db) != nil {
            throw APIError.customIdentifierAlreadyExists
        }
        try core.store.save(account, in: db)
        if let passkey {
            try core.store.insertPasskey(
                .init(
                    id: passkey.id, accountId: account.id, publicKey: passkey.publicKey, signCount: passkey.signCount,
                    backupEligible: passkey.backupEligible, backupState: passkey.backupState, aaguid: passkey.aaguid,
                    friendlyName: passkey.friendlyName, createdAt: now), in: db)
        }
        return account
    }
}
