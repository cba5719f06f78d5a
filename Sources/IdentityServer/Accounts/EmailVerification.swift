import Foundation
import SQLite

/// The verification email: a 6-digit code (also in a link to `redirect_url`) that
/// `verify-email` accepts until it expires.
enum EmailVerification {
    /// - Parameter limited: false for the email a signup sends (see `CodeDelivery.send`).
    static func send(to account: Account, redirectURL: String?, limited: Bool = true, core: ServiceCore, in db: Database) throws {
        guard let email = account.email else { return }
        try CodeDelivery.send(
            .emailVerification, to: account, target: email, channel: .email, subject: "Verify your email address",
            text: "Your verification code is", linkBase: redirectURL ?? "\(core.configuration.customScheme)://email-verification",
            limited: limited, core: core, in: db)
    }
}
