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

enum AccountCreation {
    /// Inserts the account (and its first passkey, if any) in one transaction. A taken
    /// identifier is a 400 naming it, and nothing is written.
    static func create(
        _ d: AccountDraft, passkey: (id: [UInt8], publicKey: [UInt8], friendlyName: String)? = nil,
        aaguid: String = "00000000-0000-0000-0000-000000000000", signCount: UInt32 = 0, backupEligible: Bool = false,
        backupState: Bool = false, webauthnUserId: [UInt8]? = nil, in env: ServerEnvironment
    ) throws -> Account {
        try env.store.write { db in
            let account = try insert(d, webauthnUserId: webauthnUserId, env: env, in: db)
            if let passkey {
                try env.store.insertPasskey(
                    .init(
                        id: passkey.id, accountId: account.id, publicKey: passkey.publicKey, signCount: signCount,
                        backupEligible: backupEligible, backupState: backupState, aaguid: aaguid,
                        friendlyName: passkey.friendlyName, createdAt: env.now), in: db)
            }
            return account
        }
    }

    /// Inserts the account inside the caller's write transaction.
    static func insert(_ d: AccountDraft, webauthnUserId: [UInt8]? = nil, env: ServerEnvironment, in db: Database) throws -> Account {
        let now = env.now
        let account = Account(
            id: env.secrets.token(bytes: 16), email: d.email, phoneNumber: d.phoneNumber,
            customIdentifier: d.customIdentifier, passwordHash: d.passwordHash, emailVerified: d.emailVerified,
            phoneNumberVerified: d.phoneNumberVerified, webauthnUserId: webauthnUserId ?? env.secrets.random.bytes(32),
            profile: d.profile, createdAt: now, updatedAt: now)
        // Named in the order a person reads the form (email, phone, custom identifier); the
        // unique indexes stay the guarantee, whatever order SQLite would report them in.
        if let e = d.email, try env.store.account(where: .email, equals: e, in: db) != nil { throw APIError.emailAlreadyExists }
        if let p = d.phoneNumber, try env.store.account(where: .phoneNumber, equals: p, in: db) != nil {
            throw APIError.phoneNumberAlreadyExists
        }
        if let c = d.customIdentifier, try env.store.account(where: .customIdentifier, equals: c, in: db) != nil {
            throw APIError.customIdentifierAlreadyExists
        }
        try env.store.save(account, in: db)
        return account
    }
}
