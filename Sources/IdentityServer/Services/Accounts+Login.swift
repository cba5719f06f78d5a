import Foundation
import SQLite

/// The login identifier a password login (or a passkey login's options) names: `email`,
/// `phone_number` or `custom_identifier`, the first present in that order.
struct LoginIdentifier: Sendable, Equatable {
    var email: String?
    var phoneNumber: String?
    var customIdentifier: String?

    /// Whether the body names any identifier at all.
    var isEmpty: Bool { email == nil && phoneNumber == nil && customIdentifier == nil }

    /// The account named; nil when none, or when the identifier is not valid (the caller answers
    /// as for a bad password, so a login tells nothing about which accounts exist).
    func account(core: ServiceCore, in db: Database) throws -> Account? {
        if let email = try ProfileInput.limited(email, "email", max: 320) {
            guard let e = EmailAddress.normalized(email) else { return nil }
            return try core.store.account(where: .email, equals: e, in: db)
        }
        if let phone = try ProfileInput.limited(phoneNumber, "phone_number", max: 64) {
            guard let p = PhoneNumbers.e164(phone, region: core.configuration.defaultCountry) else { return nil }
            return try core.store.account(where: .phoneNumber, equals: p, in: db)
        }
        if let ci = try ProfileInput.limited(customIdentifier, "custom_identifier", max: 400) {
            guard let key = CustomIdentifier.lookupKey(ci) else { return nil }
            return try core.store.account(where: .customIdentifier, equals: key, in: db)
        }
        throw APIError.invalidRequest("An email, phone_number or custom_identifier is required", field: "email", code: "required")
    }
}

extension Accounts {
    /// Password login's credential check: the named account and its password (the same scrypt
    /// work and the same 400 `invalid_grant` for an unknown account), an identifier verified
    /// unless unverified logins are allowed, then the login's end (``LoginCompletion``): a `tkn`,
    /// or a step-up.
    func passwordLogin(_ identifier: LoginIdentifier, password: String?, trustedDevice: String?) async throws -> LoginCompletion.Outcome {
        let password = try ProfileInput.required(password, "password", max: 1024)
        let core = self.core
        let account = try await core.store.reading { db in try identifier.account(core: core, in: db) }
        guard await passwords.verify(password, against: account?.passwordHash), let account else { throw APIError.badCredentials }
        if !core.configuration.unverifiedIdentifierLogin && !account.emailVerified && !account.phoneNumberVerified {
            throw APIError(.badRequest, "invalid_grant", "The identifier is not verified", key: .invalidGrant)
        }
        // The completion re-reads the account and refuses the login when the password changed
        // since it was checked.
        return try await core.store.transaction { db in
            try logins.complete(account, method: .password, grant: .tkn, trustedDevice: trustedDevice, checkingPassword: true, in: db)
        }
    }
}
