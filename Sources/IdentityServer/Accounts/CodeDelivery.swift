import Encoding
import Foundation
import SQLite

/// Sending a one-time code: a fresh 6-digit code stored for the account and purpose (replacing
/// the previous one), and the message that carries it in the outbox, in the caller's transaction. Email
/// messages also carry a link to `linkBase` with the code (and the address) in its query.
///
/// Every code sent counts against its identifier's issue limit (`limits.codes_per_identifier`
/// per `limits.code_window`): past it, asking again is a 429 with `Retry-After`, so a chosen
/// account's code cannot be guessed by asking for fresh ones, nor its inbox flooded. What anyone
/// may ask for (a reset, a sign-in link) cannot spend the budget of what only the account's
/// holder can (an MFA step-up code): ``IdentityStore/CodePurpose/budget``.
///
/// No SMS leaves while SMS is off (`sms: false`): every code goes through here, so every path
/// that would text a phone number is refused with `featureDisabled`.
enum CodeDelivery {
    /// Counts one `purpose` code for `target`, or refuses it with a 429 when the limit is
    /// reached. Routes that answer the same for unknown identifiers (no account enumeration)
    /// call it for those too, so the limit itself tells nothing.
    static func admit(
        _ purpose: IdentityStore.CodePurpose, _ target: String, accountId: String?, core: ServiceCore, in db: Database
    ) throws {
        let limits = core.configuration.limits
        let now = core.now
        let key = purpose.sendKey(target: target, accountId: accountId)
        if let wait = try core.store.codeLimitWait(
            .sent, key: key, limit: limits.codesPerIdentifier, window: limits.codeWindow, now: now, in: db)
        {
            throw APIError.tooManyRequests("Too many codes were sent to this identifier; try again in \(wait) s", retryAfter: wait)
        }
        try core.store.recordCodeEvent(.sent, key: key, at: now, in: db)
    }

    /// - Parameter limited: false for the verification email a signup sends (a signup happens
    ///   once per identifier, and must not fail after its account was created); it still counts.
    static func send(
        _ purpose: IdentityStore.CodePurpose, to account: Account, target: String, channel: Outbox.Channel,
        subject: String, text: String, linkBase: String?, linkParameters: [String: String] = [:],
        data: JSONValue = .object([:]), challengeId: String? = nil, limited: Bool = true, core: ServiceCore, in db: Database
    ) throws {
        guard channel == .email || core.configuration.sms else { throw APIError.featureDisabled("SMS is not enabled for this account") }
        let code = core.secrets.digits()
        var link: String?
        // The backstop of the link rule: every emailed link goes to the server itself, to the
        // app's own scheme (the SDK's defaults) or to an allowed callback URL, and a link to the
        // server names where it redirects only by an allowed callback URL (each route checks its
        // `redirect_url` or `redirect_uri` first, before it answers).
        if let linkBase, !linkBase.hasPrefix(core.baseURL + "/"), !linkBase.hasPrefix(core.configuration.customScheme + "://") {
            _ = try CallbackRule.allowed(linkBase, field: "redirect_url", in: core.configuration)
        }
        for field in ["redirect_url", "redirect_uri"] {
            _ = try CallbackRule.allowed(linkParameters[field], field: field, in: core.configuration)
        }
        if channel == .email, let linkBase {
            link = Outbox.link(linkBase, linkParameters.merging(["verification_code": code, "email": target]) { $1 })
        }
        if limited {
            try admit(purpose, target, accountId: account.id, core: core, in: db)
        } else {
            try core.store.recordCodeEvent(.sent, key: purpose.sendKey(target: target, accountId: account.id), at: core.now, in: db)
        }
        try core.store.upsertCode(
            accountId: account.id, purpose: purpose, target: target, code: code, data: data,
            expiresAt: core.now + core.configuration.lifetimes.verificationCode, in: db)
        try Outbox.append(
            channel, to: target, subject: channel == .email ? subject : nil,
            body: "\(text) \(code)" + (link.map { ". Or open \($0)" } ?? ""), code: code, link: link,
            challengeId: challengeId, core: core, in: db)
    }
}

extension CodeDelivery {
    /// Consumes `code` for the session's account, purpose and target and marks the account's
    /// `identifier` verified (a proof by the session's holder: IdentifierProof), inside the
    /// caller's transaction; a wrong or expired code is a 400 and changes nothing, and so does a
    /// session that ended meanwhile (401).
    static func confirm(
        _ purpose: IdentityStore.CodePurpose, of identifier: IdentifierProof.Identifier, session auth: Sessions.Authenticated,
        sessions: Sessions, target: String, code: String, core: ServiceCore, in db: Database
    ) throws {
        let accountId = auth.account.id
        try sessions.recheck(auth, in: db)
        guard try core.store.consumeCode(accountId: accountId, purpose: purpose, target: target, code: code, now: core.now, in: db) != nil
        else {
            throw APIError.invalidVerificationCode
        }
        _ = try IdentifierProof.claim(identifier, accountId: accountId, by: .session, proven: target, core: core, in: db)
    }
}

extension APIError {
    /// A wrong, expired, used-up or unknown code, and a code for an identifier no account has.
    static let invalidVerificationCode = APIError(
        .badRequest, "invalid_grant", "Invalid or expired verification code", key: .invalidVerificationCode,
        details: [FieldError(field: "verification_code", message: "Invalid or expired verification code", code: "invalid")])
}
