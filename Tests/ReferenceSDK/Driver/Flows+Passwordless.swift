// Passwordless: the texted and emailed codes (verifyPasswordlessCode), and the magic link opened
// by the person and handed to the SDK's URL handler (the passwordless callback's AuthToken).
import Foundation

@testable import Reach5

extension Flows {
    func passwordlessFlows() async {
        let erin = email("erin")
        let phone = phone(4)
        await Report.check("signup (passwordless)") {
            let token = try await account("erin")
            let after = try await Emulator.cursor()
            _ = try await sdk.updatePhoneNumber(authToken: token, phoneNumber: phone)
            let code = try await Emulator.lastMessage(to: phone, channel: "sms", after: after).code ?? ""
            try await sdk.verifyPhoneNumber(authToken: token, phoneNumber: phone, verificationCode: code)
            return ((), "erin with a verified phone number")
        }
        await Report.check("passwordless SMS code") {
            let after = try await Emulator.cursor()
            try await sdk.startPasswordless(.PhoneNumber(phoneNumber: phone, redirectUri: nil))
            let code = try await Emulator.lastMessage(to: phone, channel: "sms", after: after).code ?? ""
            let token = try await sdk.verifyPasswordlessCode(
                verifyAuthCodeRequest: VerifyAuthCodeRequest(authType: .SMS, phoneNumber: phone, verificationCode: code))
            guard token.user?.email == erin else { throw CheckFailed("id token for \(token.user?.email ?? "nil")") }
            return ((), "AuthToken for \(erin)")
        }
        await Report.check("passwordless email code") {
            let after = try await Emulator.cursor()
            try await sdk.startPasswordless(.Email(email: erin, redirectUri: nil))
            let code = try await Emulator.lastMessage(to: erin, after: after).code ?? ""
            let token = try await sdk.verifyPasswordlessCode(
                verifyAuthCodeRequest: VerifyAuthCodeRequest(authType: .MagicLink, email: erin, verificationCode: code))
            return ((), "AuthToken, \(token.user?.email ?? "no email")")
        }
        await Report.check("passwordless magic link") {
            let after = try await Emulator.cursor()
            try await sdk.startPasswordless(.Email(email: erin, redirectUri: nil))
            let message = try await Emulator.lastMessage(to: erin, after: after)
            let url = try await Emulator.open(link: message.link ?? "")
            let token = try await callback({ sdk.addPasswordlessCallback(passwordlessCallback: $0) }) {
                guard openInApp(url) else { throw CheckFailed("application(_:open:options:) did not take \(url)") }
            }
            guard token.user?.email == erin else { throw CheckFailed("id token for \(token.user?.email ?? "nil")") }
            return ((), "the link signed \(erin) in through the app's URL handler")
        }
        await Report.expectError("passwordless used code", key: "error.invalidVerificationCode") {
            let after = try await Emulator.cursor()
            try await sdk.startPasswordless(.PhoneNumber(phoneNumber: phone, redirectUri: nil))
            let code = try await Emulator.lastMessage(to: phone, channel: "sms", after: after).code ?? ""
            let request = VerifyAuthCodeRequest(authType: .SMS, phoneNumber: phone, verificationCode: code)
            _ = try await sdk.verifyPasswordlessCode(verifyAuthCodeRequest: request)
            try await sdk.startPasswordless(.PhoneNumber(phoneNumber: phone, redirectUri: nil)) // a PKCE for the retry
            _ = try await sdk.verifyPasswordlessCode(verifyAuthCodeRequest: request)
        }
        await Report.expectError("passwordless expired code", key: "error.invalidVerificationCode") {
            let after = try await Emulator.cursor()
            try await sdk.startPasswordless(.PhoneNumber(phoneNumber: phone, redirectUri: nil))
            let code = try await Emulator.lastMessage(to: phone, channel: "sms", after: after).code ?? ""
            try await Emulator.advanceClock(seconds: 3600)
            _ = try await sdk.verifyPasswordlessCode(
                verifyAuthCodeRequest: VerifyAuthCodeRequest(authType: .SMS, phoneNumber: phone, verificationCode: code))
        }
    }
}
