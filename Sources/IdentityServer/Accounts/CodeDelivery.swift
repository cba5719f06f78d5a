import Encoding
import Foundation
import SQLite

/// Sending a one-time code: a fresh 6-digit code stored for the account and purpose (replacing
/// the previous one), and the message that carries it in the outbox, in the caller's transaction. Email
/// messages also carry a link to `linkBase` with the code (and the address) in its query.
///
/// Every code sent counts against its identifier's issue limit (`limits.codes_per_identifier`
/// per `limits.code_window`): past it, asking again is a 429 with `Retry-After`, so a chosen
/// account's code cannot be guessed by asking for fresh ones, nor its inbox flooded.
enum CodeDelivery {
    /// Counts one code for `target`, or refuses it with a 429 when the limit is reached. Routes
    /// that answer the same for unknown identifiers (no account enumeration) call it for those
    /// too, so the limit itself tells nothing.
    static func admit(_ target: String, env: ServerEnvironment, in db: Database) throws {
        let limits = env.configuration.limits
        let now = env.now
        if let wait = try env.store.codeLimitWait(
            .sent, key: target, limit: limits.codesPerIdentifier, window: limits.codeWindow, now: now, in: db)
        {
            throw APIError.tooManyRequests("Too many codes were sent to this identifier; try again in \(wait) s", retryAfter: wait)
        }
        try env.store.recordCodeEvent(.sent, key: target, at: now, in: db)
    }

    /// - Parameter limited: false for the verification email a signup sends (a signup happens
    ///   once per identifier, and must not fail after its account was created); it still counts.
    static func send(
        _ purpose: IdentityStore.CodePurpose, to account: Account, target: String, channel: Outbox.Channel,
        subject: String, text: String, linkBase: String?, linkParameters: [String: String] = [:],
        data: JSONValue = .object([:]), limited: Bool = true, env: ServerEnvironment, in db: Database
    ) throws {
        let code = env.secrets.digits()
        var link: String?
        if channel == .email, let linkBase {
            link = Outbox.link(linkBase, linkParameters.merging(["verification_code": code, "email": target]) { $1 })
        }
        if limited {
            try admit(target, env: env, in: db)
        } else {
            try env.store.recordCodeEvent(.sent, key: target, at: env.now, in: db)
        }
        try env.store.upsertCode(
            accountId: account.id, purpose: purpose, target: target, code: code, data: data,
            expiresAt: env.now + env.configuration.lifetimes.verificationCode, in: db)
        try Outbox.append(
            channel, to: target, subject: channel == .email ? subject : nil,
            body: "\(text) \(code)" + (link.map { ". Or open \($0)" } ?? ""), code: code, link: link, env: env, in: db)
    }
}

extension CodeDelivery {
    /// Consumes `code` for the session's account, purpose and target and applies `verify`
    /// (setting its flag) to the account as stored, inside the caller's transaction; a wrong or
    /// expired code is a 400 and changes nothing, and so does a session that ended meanwhile (401).
    static func confirm(
        _ purpose: IdentityStore.CodePurpose, session auth: ServerEnvironment.Authenticated, target: String, code: String,
        env: ServerEnvironment, in db: Database, verify: (inout Account) -> Void
    ) throws {
        let accountId = auth.account.id
        try env.recheck(auth, in: db)
        guard try env.store.consumeCode(accountId: accountId, purpose: purpose, target: target, code: code, now: env.now, in: db) != nil
        else {
            throw APIError.invalidVerificationCode
        }
        try env.store.updateAccount(id: accountId, in: db) { account in
            verify(&account)
            account.updatedAt = env.now
        }
    }
}

extension APIError {
    /// A wrong, expired, used-up or unknown code, and a code for an identifier no account has.
    static let invalidVerificationCode = APIError(
        .badRequest, "invalid_grant", "Invalid or expired verification code", key: .invalidVerificationCode,
        details: [FieldError(field: "verification_code", message: "Invalid or expired verification code", code: "invalid")])
}
