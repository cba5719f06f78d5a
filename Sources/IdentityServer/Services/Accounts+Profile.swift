import Encoding
import Foundation
import SQLite

/// Profile changes by the account's own session: update-profile and the identifier changes.
extension Accounts {
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
            try ProfileInput.checkStrength(password, draft: nil, env: env)
            passwordHash = try await env.passwords.hash(password, random: env.secrets.random)
        }
        let env = self.env
        return try await env.store.transaction { db in
            try env.sessions.recheck(auth, in: db)
            let account = try env.store.updateAccount(id: auth.account.id, in: db) { account in
                let before = account
                account = try update.apply(to: account, passwordHash: passwordHash, env: env)
                if before.email != account.email || before.phoneNumber != account.phoneNumber
                    || before.customIdentifier != account.customIdentifier
                {
                    try auth.requireFreshForSignInChange()
                }
            }
            if passwordHash != nil { try env.sessions.endOtherSessions(of: auth, in: db) }
            return account
        }
    }

    /// update-email: the new address, unverified, on the account as stored (a recent login
    /// needed: the route's policy), and a verification email to it when it changed and the template is on.
    func updateEmail(_ email: String?, redirectURL: String?, session auth: Sessions.Authenticated) async throws -> Account {
        let email = try ProfileInput.email(try ProfileInput.required(email, "email", max: 320))
        let redirectURL = try CallbackRule.allowed(redirectURL, field: "redirect_url", in: env.configuration)
        let env = self.env
        return try await replaceIdentifier(.email, with: email, session: auth) { account, db in
            guard env.configuration.verifyEmailTemplate else { return }
            try EmailVerification.send(to: account, redirectURL: redirectURL, env: env, in: db)
        }
    }

    /// update-phone-number: the new number, unverified (a recent login needed), and a
    /// verification SMS while SMS is on and the number is not verified.
    func updatePhoneNumber(_ phoneNumber: String?, session auth: Sessions.Authenticated) async throws -> Account {
        let phone = try ProfileInput.phoneNumber(try ProfileInput.required(phoneNumber, "phone_number", max: 64), env: env)
        let env = self.env
        return try await replaceIdentifier(.phoneNumber, with: phone, session: auth, notifyUnchanged: true) { account, db in
            guard env.configuration.sms, !account.phoneNumberVerified else { return }
            try PhoneVerification.send(to: account, env: env, in: db)
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
        let env = self.env
        let (account, refusal) = try await env.store.transaction { db -> (Account, APIError?) in
            try env.sessions.recheck(auth, in: db)
            var changed = false
            var replaced: String?
            let account = try env.store.updateAccount(id: auth.account.id, in: db) { account in
                guard account[keyPath: identifier.value] != value else { return }
                replaced = account[keyPath: identifier.value]
                account[keyPath: identifier.value] = value
                account[keyPath: identifier.verified] = false
                account.updatedAt = env.now
                changed = true
            }
            // A code sent to the replaced value verifies nothing any more (it would otherwise
            // verify the new one: IdentifierProof checks the value the code went to).
            if let replaced { try env.store.deleteCodes(accountId: account.id, target: replaced, in: db) }
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
