import Encoding
import Foundation
import SQLite

/// Profile changes by the account's own session: update-profile and the identifier changes.
extension Accounts {
    /// The account as userinfo and the profile routes answer it: `ProfileClaims.profile` with
    /// its `auth_types`, read now (one read transaction).
    func profile(_ account: Account) async throws -> JSONValue {
        let store = core.store
        let authTypes = try await store.reading { try store.authTypes(of: account, in: $0) }
        return ProfileClaims.profile(account, authTypes: authTypes)
    }

    /// Applies an update-profile body (absent leaves, null deletes, a value sets; see
    /// `ProfileUpdate.apply`) to the account as stored, in one transaction. Setting a password
    /// here (a profile without email) is a password change without the old one, and changing a
    /// login identifier swaps who can prove the account: both need a recent login, and a new
    /// password ends the account's other sessions.
    func updateProfile(_ update: ProfileUpdate, session auth: Sessions.Authenticated) async throws -> Account {
        var passwordHash: String?
        if !update.password.isAbsent {
            try auth.requireFreshForSignInChange()
            // Refused before any hashing when the profile has an email (apply refuses it too,
            // against the account as stored).
            guard auth.account.email == nil else {
                throw ProfileUpdate.notUpdatable("password", "password cannot be changed here: use update-password")
            }
            let password = try ProfileInput.required(update.password.value, "password", max: 1024)
            try ProfileInput.checkStrength(password, draft: nil, core: core)
            passwordHash = try await passwords.hash(password, random: core.secrets.random)
        }
        let core = self.core
        return try await core.store.transaction { db in
            try sessions.recheck(auth, in: db)
            let account = try core.store.updateAccount(id: auth.account.id, in: db) { account in
                let before = account
                account = try update.apply(to: account, passwordHash: passwordHash, core: core)
                if before.email != account.email || before.phoneNumber != account.phoneNumber
                    || before.customIdentifier != account.customIdentifier
                {
                    try auth.requireFreshForSignInChange()
                }
            }
            if passwordHash != nil { try sessions.endOtherSessions(of: auth, in: db) }
            return account
        }
    }

    /// update-email: the new address, unverified, on the account as stored (a recent login
    /// needed: the route's policy), and a verification email to it when it changed and the template is on.
    func updateEmail(_ email: String?, redirectURL: String?, session auth: Sessions.Authenticated) async throws -> Account {
        let email = try ProfileInput.email(try ProfileInput.required(email, "email", max: 320))
        let redirectURL = try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
        let core = self.core
        return try await replaceIdentifier(.email, with: email, session: auth) { account, db in
            guard core.configuration.verifyEmailTemplate else { return }
            try EmailVerification.send(to: account, redirectURL: redirectURL, core: core, in: db)
        }
    }

    /// update-phone-number: the new number, unverified (a recent login needed), and a
    /// verification SMS while SMS is on and the number is not verified.
    func updatePhoneNumber(_ phoneNumber: String?, session auth: Sessions.Authenticated) async throws -> Account {
        let phone = try ProfileInput.phoneNumber(
            try ProfileInput.required(phoneNumber, "phone_number", max: 64), configuration: core.configuration)
        let core = self.core
        return try await replaceIdentifier(.phoneNumber, with: phone, session: auth, notifyUnchanged: true) { account, db in
            guard core.configuration.sms, !account.phoneNumberVerified else { return }
            try PhoneVerification.send(to: account, core: core, in: db)
        }
    }

    /// Sets the stored account's email or phone number to `value`, unverified, unless it already
    /// is that value, then runs `notify` (which sends the verification code) when it changed, or
    /// always with `notifyUnchanged`; one transaction. A code refused by the send limit (429)
    /// does not undo the change: the change commits and the 429 is answered, as it always was.
    private func replaceIdentifier(
        _ identifier: IdentifierProof.Identifier, with value: String, session auth: Sessions.Authenticated,
        notifyUnchanged: Bool = false, notify: (Account, Database) throws -> Void
    ) async throws -> Account {
        let core = self.core
        let (account, refusal) = try await core.store.transaction { db -> (Account, APIError?) in
            try sessions.recheck(auth, in: db)
            var changed = false
            var replaced: String?
            let account = try core.store.updateAccount(id: auth.account.id, in: db) { account in
                guard account[keyPath: identifier.value] != value else { return }
                replaced = account[keyPath: identifier.value]
                account[keyPath: identifier.value] = value
                account[keyPath: identifier.verified] = false
                account.updatedAt = core.now
                changed = true
            }
            // A code sent to the replaced value verifies nothing any more (it would otherwise
            // verify the new one: IdentifierProof checks the value the code went to).
            if let replaced { try core.store.deleteCodes(accountId: account.id, target: replaced, in: db) }
            guard changed || notifyUnchanged else { return (account, nil) }
            do { try notify(account, db) } catch {
                guard let refusal = APIError.answer(for: error), refusal.status == .tooManyRequests else { throw error }
                return (account, refusal)
            }
            return (account, nil)
        }
        if let refusal { throw refusal }
        return account
    }
}
