import Encoding
import Foundation

/// Sending a one-time code: a fresh 6-digit code stored for the account and purpose (replacing
/// the previous one), and the message that carries it in the outbox, in one transaction. Email
/// messages also carry a link to `linkBase` with the code (and the address) in its query.
enum CodeDelivery {
    static func send(_ purpose: IdentityStore.CodePurpose, to account: Account, target: String, channel: Outbox.Channel,
                     subject: String, text: String, linkBase: String?, linkParameters: [String: String] = [:],
                     data: JSONValue = .object([:]), env: ServerEnvironment) throws {
        let code = env.secrets.digits()
        var link: String?
        if channel == .email, let linkBase {
            link = Outbox.link(linkBase, linkParameters.merging(["verification_code": code, "email": target]) { $1 })
        }
        try env.store.write { db in
            try env.store.upsertCode(accountId: account.id, purpose: purpose, target: target, code: code, data: data,
                                     expiresAt: env.now + env.configuration.lifetimes.verificationCode, in: db)
            try Outbox.append(channel, to: target, subject: channel == .email ? subject : nil,
                              body: "\(text) \(code)" + (link.map { ". Or open \($0)" } ?? ""), code: code, link: link, env: env, in: db)
        }
    }
}

extension CodeDelivery {
    /// Consumes `code` for the account's purpose and target and applies `verify` (setting its
    /// flag) to the account as stored, in the same transaction; a wrong or expired code is a
    /// 400 and changes nothing.
    static func confirm(_ purpose: IdentityStore.CodePurpose, accountId: String, target: String, code: String, env: ServerEnvironment,
                        verify: (inout Account) -> Void) throws {
        try env.store.write { db in
            guard try env.store.consumeCode(accountId: accountId, purpose: purpose, target: target, code: code, now: env.now, in: db) != nil else {
                throw APIError.invalidVerificationCode
            }
            try env.store.updateAccount(id: accountId, in: db) { account in
                verify(&account)
                account.updatedAt = env.now
            }
        }
    }
}
