import Foundation
import SQLite

/// The verification SMS: a 6-digit code that `verify-phone-number` accepts until it expires.
enum PhoneVerification {
    static func send(to account: Account, core: ServiceCore, in db: Database) throws {
        guard let phone = account.phoneNumber else { return }
        try CodeDelivery.send(
            .phoneVerification, to: account, target: phone, channel: .sms, subject: "",
            text: "Your verification code is", linkBase: nil, core: core, in: db)
    }
}
