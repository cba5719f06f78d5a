import Foundation

/// The verification SMS: a 6-digit code that `verify-phone-number` accepts until it expires.
enum PhoneVerification {
    static func send(to account: Account, env: ServerEnvironment) throws {
        guard let phone = account.phoneNumber else { return }
        let code = env.secrets.digits()
        try env.store.write { db in
            try env.store.upsertCode(accountId: account.id, purpose: .phoneVerification, target: phone, code: code,
                                     expiresAt: env.now + env.configuration.lifetimes.verificationCode, in: db)
            try Outbox.append(.sms, to: phone, subject: nil, body: "Your verification code is \(code)", code: code, link: nil, env: env, in: db)
        }
    }
}
