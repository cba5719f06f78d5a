import Foundation
import SQLite

/// The verification email: a 6-digit code that `verify-email` accepts until it expires, and a
/// link to the server (`GET verify-email`) that verifies the address, then sends the browser on
/// to `redirect_url` (the app's `…://email-verification` by default), with `error` when it failed:
/// ReachFive's link verifies at the server, and the SDK's handler only looks for `error`.
enum EmailVerification {
    static let linkPath = "/identity/v1/verify-email"

    /// - Parameter limited: false for the email a signup sends (see `CodeDelivery.send`).
    static func send(to account: Account, redirectURL: String?, limited: Bool = true, core: ServiceCore, in db: Database) throws {
        guard let email = account.email else { return }
        try CodeDelivery.send(
            .emailVerification, to: account, target: email, channel: .email, subject: "Verify your email address",
            text: "Your verification code is", linkBase: core.baseURL + linkPath,
            linkParameters: redirectURL.map { ["redirect_url": $0] } ?? [:], limited: limited, core: core, in: db)
    }

    /// Where the link sends the browser when the request named no `redirect_url`.
    static func defaultRedirect(_ configuration: ServerConfiguration) -> String { "\(configuration.customScheme)://email-verification" }
}
