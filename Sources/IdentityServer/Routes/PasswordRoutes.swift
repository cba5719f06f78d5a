import Encoding
import Hummingbird
import SQLite

/// `POST /identity/v1/update-password` in its three forms (a fresh token alone, a token and
/// the old password, or no token and a reset code) and `POST /identity/v1/forgot-password`.
struct PasswordRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/update-password") { request, _ in
            let body = try await JSONBody.read(request)
            let password = try body.requiredString("password", maxLength: 1024)
            if request.headers[.authorization] != nil {
                let auth = try env.authenticate(request, requiring: "full_write")
                if let old = try body.string("old_password", maxLength: 1024) {
                    guard await env.passwords.verify(old, against: auth.account.passwordHash) else {
                        throw APIError(
                            .badRequest, "invalid_grant", "The old password is incorrect", key: .invalidPassword,
                            details: [FieldError(field: "old_password", message: "The old password is incorrect", code: "invalid")])
                    }
                } else {
                    try env.requireFreshLogin(auth)
                }
                let hash = try await newPasswordHash(password, for: auth.account)
                try env.store.write { db in
                    try env.recheck(auth, in: db)
                    try setPassword(hash, accountId: auth.account.id, in: db)
                    try env.endOtherSessions(of: auth, in: db)
                }
            } else {
                try env.requireClient(try body.string("client_id"))
                let code = try body.requiredString("verification_code", maxLength: 64)
                let target = try CodeTarget.read(body, env: env)
                let account = try target.requireAccount(env: env)
                let hash = try await newPasswordHash(password, for: account)
                try env.store.write { db in
                    guard
                        try env.store.consumeCode(
                            accountId: account.id, purpose: .passwordReset, target: target.value, code: code, now: env.now, in: db) != nil
                    else {
                        throw APIError.invalidVerificationCode
                    }
                    // The code went to the identifier: a proof of it (IdentifierProof), then the new
                    // password on the account the prover owns, and every session of it ends.
                    let owner = try IdentifierProof.claim(target.identifier, accountId: account.id, env: env, in: db)
                    try setPassword(hash, accountId: owner, in: db)
                    try env.store.revokeSessions(accountId: owner, now: env.now, lifetimes: env.configuration.lifetimes, in: db)
                }
            }
            return JSONResponse.noContent()
        }
        router.post("/identity/v1/forgot-password") { request, _ in
            let body = try await JSONBody.read(request)
            try env.requireClient(try body.string("client_id"))
            let target = try CodeTarget.read(body, env: env)
            // The same answer whether or not the account exists: no account enumeration.
            if let account = target.account {
                try CodeDelivery.send(
                    .passwordReset, to: account, target: target.value, channel: target.channel,
                    subject: "Reset your password", text: "Your password reset code is",
                    linkBase: try body.string("redirect_url", maxLength: 2048) ?? "\(env.configuration.customScheme)://account-recovery",
                    env: env)
            } else {
                try CodeDelivery.admit(target.value, env: env)
            }
            return JSONResponse.noContent()
        }
    }

    /// The hash of a new password that meets the strength rule (the account's own words count
    /// against it). Hashing is slow, so it happens before the write transaction.
    private func newPasswordHash(_ password: String, for account: Account) async throws -> String {
        try ProfileInput.checkStrength(
            password,
            draft: AccountDraft(
                email: account.email, phoneNumber: account.phoneNumber,
                customIdentifier: account.customIdentifier, profile: account.profile), env: env)
        return try await env.passwords.hash(password, random: env.secrets.random)
    }

    private func setPassword(_ hash: String, accountId: String, in db: Database) throws {
        let now = env.now
        try env.store.updateAccount(id: accountId, in: db) { stored in
            stored.passwordHash = hash
            stored.updatedAt = now
        }
    }
}
