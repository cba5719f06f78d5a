import Foundation

/// Password changes: by the account's session (`update-password` with a token), by a reset code
/// (`update-password` without one), and the forgotten-password code that starts a reset.
extension Accounts {
    /// A password change by a session: with the old password, or without it after a recent
    /// login. The new password ends the account's other sessions; one transaction.
    func updatePassword(_ password: String?, oldPassword: String?, session auth: Sessions.Authenticated) async throws {
        let password = try ProfileInput.required(password, "password", max: 1024)
        if let old = try ProfileInput.limited(oldPassword, "old_password", max: 1024) {
            guard await passwords.verify(old, against: auth.account.passwordHash) else {
                throw APIError(
                    .badRequest, "invalid_grant", "The old password is incorrect", key: .invalidPassword,
                    details: [FieldError(field: "old_password", message: "The old password is incorrect", code: "invalid")])
            }
        } else {
            try auth.requireFreshForSignInChange()
        }
        let hash = try await newPasswordHash(password, for: auth.account)
        let core = self.core
        try await core.store.transaction { db in
            try sessions.recheck(auth, in: db)
            try setPassword(hash, accountId: auth.account.id, in: db)
            try sessions.endOtherSessions(of: auth, in: db)
        }
    }

    /// A password reset by the code sent to the account's email or phone number (a
    /// forgot-password or an account-recovery code): a proof of
    /// that identifier (IdentifierProof), then the new password on the account the prover owns,
    /// and every session of it ends. The account is read first (its own words count against the
    /// new password, which is hashed before the write transaction); an unknown identifier is
    /// refused as a wrong code, without hashing.
    func resetPassword(_ password: String?, target: CodeTarget, code: String?) async throws {
        let password = try ProfileInput.required(password, "password", max: 1024)
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let core = self.core
        let account = try await core.store.reading { db in try target.requireAccount(for: .passwordReset, core: core, in: db) }
        let hash = try await newPasswordHash(password, for: account)
        try await core.store.transaction { db in
            // The account-recovery code resets the password too: ReachFive's account-recovery
            // guide (SDK 11.0.0) says it "can then be passed to updatePassword or resetPasskeys".
            guard
                try core.store.consumeCode(
                    accountId: account.id, anyOf: [.passwordReset, .passkeyReset], target: target.value, code: code, now: core.now,
                    in: db) != nil
            else {
                throw APIError.invalidVerificationCode
            }
            let owner = try IdentifierProof.claim(
                target.identifier, accountId: account.id, by: .reset, proven: target.value, core: core, in: db)
            try setPassword(hash, accountId: owner, in: db)
            try core.store.revokeSessions(accountId: owner, now: core.now, lifetimes: core.configuration.lifetimes, in: db)
        }
    }

    /// forgot-password: a reset code to the identifier's account. The same answer whether or not
    /// the account exists (no account enumeration): an unknown identifier still spends its send
    /// budget. One transaction.
    func forgotPassword(_ target: CodeTarget, redirectURL: String?) async throws {
        try await sendRecoveryCode(
            .passwordReset, to: target, subject: "Reset your password", text: "Your password reset code is", redirectURL: redirectURL)
    }

    /// account-recovery: the code the passkey reset routes and a password reset take, under the
    /// same rules as forgot-password.
    func accountRecovery(_ target: CodeTarget, redirectURL: String?) async throws {
        try await sendRecoveryCode(
            .passkeyReset, to: target, subject: "Recover your account", text: "Your account recovery code is", redirectURL: redirectURL)
    }

    private func sendRecoveryCode(
        _ purpose: IdentityStore.CodePurpose, to target: CodeTarget, subject: String, text: String, redirectURL: String?
    ) async throws {
        let linkBase =
            try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
            ?? "\(core.configuration.customScheme)://account-recovery"
        let core = self.core
        try await core.store.transaction { db in
            if let account = try target.account(core: core, in: db) {
                try CodeDelivery.send(
                    purpose, to: account, target: target.value, channel: target.channel, subject: subject, text: text, linkBase: linkBase,
                    core: core, in: db)
            } else {
                try CodeDelivery.admit(purpose, target.value, accountId: nil, core: core, in: db)
            }
        }
    }
}
