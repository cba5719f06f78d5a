// Password update (with the old password, with a fresh token), reset by emailed and texted code,
// account recovery (its code to updatePassword, its link through the SDK's URL handler), and the
// used and expired codes.
import Foundation

@testable import Reach5

extension Flows {
    func recoveryFlows() async {
        let dan = email("dan")
        guard let token = await Report.check("signup (recovery)", { (try await account("dan"), "dan signed up") }) else { return }
        var current = password
        await Report.check("updatePassword AccessTokenParams") {
            let new = "Another horse battery staple 2"
            try await sdk.updatePassword(.AccessTokenParams(authToken: token, password: new, oldPassword: current))
            current = new
            _ = try await login(email: dan, password: new)
            return ((), "changed; the new password logs in")
        }
        await Report.check("updatePassword FreshAccessTokenParams") {
            let fresh = try await login(email: dan, password: current, scope: defaultScope)
            let new = "Third horse battery staple 3"
            try await sdk.updatePassword(.FreshAccessTokenParams(authToken: fresh, password: new))
            current = new
            _ = try await login(email: dan, password: new)
            return ((), "changed with a fresh token; the new password logs in")
        }
        await Report.expectError("updatePassword wrong old password", key: "error.password.invalid") {
            // A new token: the server ends the account's tokens when its password changes.
            let token = try await login(email: dan, password: current)
            try await sdk.updatePassword(.AccessTokenParams(authToken: token, password: "Fourth horse staple 4", oldPassword: "wrong one"))
        }
        var usedCode = ""
        await Report.check("requestPasswordReset + EmailParams") {
            let after = try await Emulator.cursor()
            try await sdk.requestPasswordReset(email: dan)
            let code = try await Emulator.lastMessage(to: dan, after: after).code ?? ""
            let new = "Reset horse battery staple 5"
            try await sdk.updatePassword(.EmailParams(email: dan, verificationCode: code, password: new))
            usedCode = code
            current = new
            _ = try await login(email: dan, password: new)
            return ((), "reset with the emailed code; the new password logs in")
        }
        await Report.expectError("updatePassword used code", key: "error.invalidVerificationCode") {
            try await sdk.updatePassword(.EmailParams(email: dan, verificationCode: usedCode, password: "Reused horse staple 6"))
        }
        await Report.expectError("updatePassword expired code", key: "error.invalidVerificationCode") {
            let after = try await Emulator.cursor()
            try await sdk.requestPasswordReset(email: dan)
            let code = try await Emulator.lastMessage(to: dan, after: after).code ?? ""
            try await Emulator.advanceClock(seconds: 3600)
            try await sdk.updatePassword(.EmailParams(email: dan, verificationCode: code, password: "Late horse staple 7"))
        }
        let phone = phone(3)
        await Report.check("requestPasswordReset + SmsParams") {
            // A new token: the expired-code check moved the server's clock past this flow's first one.
            let token = try await login(email: dan, password: current, scope: defaultScope)
            let after0 = try await Emulator.cursor()
            _ = try await sdk.updatePhoneNumber(authToken: token, phoneNumber: phone)
            let verify = try await Emulator.lastMessage(to: phone, channel: "sms", after: after0).code ?? ""
            try await sdk.verifyPhoneNumber(authToken: token, phoneNumber: phone, verificationCode: verify)
            let after = try await Emulator.cursor()
            try await sdk.requestPasswordReset(phoneNumber: phone)
            let code = try await Emulator.lastMessage(to: phone, channel: "sms", after: after).code ?? ""
            let new = "Texted horse battery staple 8"
            try await sdk.updatePassword(.SmsParams(phoneNumber: phone, verificationCode: code, password: new))
            current = new
            _ = try await sdk.loginWithPassword(phoneNumber: phone, password: new)
            return ((), "reset with the texted code; the new password logs in by phone")
        }
        await Report.check("requestAccountRecovery + updatePassword") {
            let after = try await Emulator.cursor()
            try await sdk.requestAccountRecovery(email: dan)
            let code = try await Emulator.lastMessage(to: dan, after: after).code ?? ""
            let new = "Recovered horse battery staple 9"
            try await sdk.updatePassword(.EmailParams(email: dan, verificationCode: code, password: new))
            current = new
            _ = try await login(email: dan, password: new)
            return ((), "the recovery code reset the password")
        }
        await Report.check("requestAccountRecovery + link") {
            let after = try await Emulator.cursor()
            try await sdk.requestAccountRecovery(email: dan)
            let message = try await Emulator.lastMessage(to: dan, after: after)
            let url = try await Emulator.open(link: message.link ?? "")
            let response = try await callback({ sdk.addAccountRecoveryCallback(accountRecoveryCallback: $0) }) {
                guard openInApp(url) else { throw CheckFailed("application(_:open:options:) did not take \(url)") }
            }
            guard response.email == dan, response.verificationCode == message.code else {
                throw CheckFailed("AccountRecoveryResponse \(response.email) \(response.verificationCode)")
            }
            return ((), "the app got the email and the code from the link")
        }
    }
}
