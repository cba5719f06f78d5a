import Encoding
import Foundation

/// The verification email: a 6-digit code (also in a link to `redirect_url`) that
/// `verify-email` accepts until it expires.
enum EmailVerification {
    static func send(to account: Account, redirectURL: String?, env: ServerEnvironment) throws {
        guard let email = account.email else { return }
        let code = env.secrets.digits()
        let target = redirectURL ?? "\(env.configuration.customScheme)://email-verification"
        let link = Outbox.link(target, ["verification_code": code, "email": email])
        try env.store.write { db in
            try env.store.upsertCode(accountId: account.id, purpose: .emailVerification, target: email, code: code,
                                     expiresAt: env.now + env.configuration.lifetimes.verificationCode, in: db)
            try Outbox.append(.email, to: email, subject: "Verify your email address",
                              body: "Your verification code is \(code). Or open \(link)", code: code, link: link, env: env, in: db)
        }
    }
}
