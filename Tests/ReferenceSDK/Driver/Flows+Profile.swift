// Profile read and update (a Profile, and a ProfileUpdate of Diffs), email and phone number
// updates and verification (the code, and the emailed link through the SDK's URL handler).
import Foundation

@testable import Reach5

extension Flows {
    func profileFlows() async {
        let bob = email("bob")
        guard let token = await Report.check("signup (profile)", { (try await account("bob"), "bob signed up") }) else { return }
        await Report.check("getProfile") {
            let profile = try await sdk.getProfile(authToken: token)
            guard profile.email == bob, profile.givenName == "Ada" else {
                throw CheckFailed("email \(profile.email ?? "nil"), given name \(profile.givenName ?? "nil")")
            }
            guard profile.authTypes?.contains("password") == true else {
                throw CheckFailed("auth_types \(profile.authTypes.map { "\($0)" } ?? "nil"), expected to hold password")
            }
            return ((), "\(bob), auth types \(profile.authTypes ?? [])")
        }
        await Report.check("updateProfile Diff") {
            let update = ProfileUpdate(givenName: .Update("Augusta"), familyName: .Delete, nickname: .Update("Ada"))
            let profile = try await sdk.updateProfile(authToken: token, profileUpdate: update)
            guard profile.givenName == "Augusta", profile.familyName == nil, profile.nickname == "Ada" else {
                throw CheckFailed(
                    "given \(profile.givenName ?? "nil"), family \(profile.familyName ?? "nil"), nickname \(profile.nickname ?? "nil")")
            }
            return ((), "given name updated, family name deleted, nickname set")
        }
        await Report.check("updateProfile Profile") {
            let profile = try await sdk.updateProfile(authToken: token, profile: Profile(familyName: "King"))
            guard profile.familyName == "King", profile.givenName == "Augusta" else {
                throw CheckFailed("family \(profile.familyName ?? "nil"), given \(profile.givenName ?? "nil")")
            }
            return ((), "family name set, the rest kept")
        }
        await Report.check("sendEmailVerification + code") {
            let after = try await Emulator.cursor()
            switch try await sdk.sendEmailVerification(authToken: token) {
            case .Success: throw CheckFailed("Success: no email sent to an unverified address")
            case .VerificationNeeded(let next):
                let message = try await Emulator.lastMessage(to: bob, after: after)
                try await next.verify(code: message.code ?? "", email: bob)
            }
            let profile = try await sdk.getProfile(authToken: token)
            guard profile.emailVerified == true else { throw CheckFailed("email_verified \(String(describing: profile.emailVerified))") }
            return ((), "VerificationNeeded, verified with the emailed code")
        }
        await Report.check("sendEmailVerification + link") {
            let carol = email("carol")
            let token = try await account("carol")
            let after = try await Emulator.cursor()
            guard case .VerificationNeeded = try await sdk.sendEmailVerification(authToken: token) else {
                throw CheckFailed("Success: no email sent")
            }
            let message = try await Emulator.lastMessage(to: carol, after: after)
            let url = try await Emulator.open(link: message.link ?? "")
            try await callback({ sdk.addEmailVerificationCallback(emailVerificationCallback: $0) }) {
                guard openInApp(url) else { throw CheckFailed("application(_:open:options:) did not take \(url)") }
            }
            // The app's session goes on and sees the address verified (the server's view agrees).
            let profile = try await sdk.getProfile(authToken: token)
            guard profile.emailVerified == true, try await Emulator.emailVerified(carol) else {
                throw CheckFailed("the SDK reported success for \(url), but email_verified is \(String(describing: profile.emailVerified))")
            }
            return ((), "the link verified the address, the app got .success, its session goes on")
        }
        await Report.check("updateEmail + verifyEmail") {
            let new = email("bob-new")
            let after = try await Emulator.cursor()
            _ = try await sdk.updateEmail(authToken: token, email: new)
            let message = try await Emulator.lastMessage(to: new, after: after)
            try await sdk.verifyEmail(authToken: token, code: message.code ?? "", email: new)
            let profile = try await sdk.getProfile(authToken: token)
            guard profile.email == new, profile.emailVerified == true else {
                throw CheckFailed("email \(profile.email ?? "nil"), verified \(String(describing: profile.emailVerified))")
            }
            return ((), "email changed to \(new), verified with the code")
        }
        let phone = phone(1)
        await Report.check("updatePhoneNumber + verifyPhoneNumber") {
            let after = try await Emulator.cursor()
            let updated = try await sdk.updatePhoneNumber(authToken: token, phoneNumber: phone)
            let message = try await Emulator.lastMessage(to: phone, channel: "sms", after: after)
            try await sdk.verifyPhoneNumber(authToken: token, phoneNumber: phone, verificationCode: message.code ?? "")
            let profile = try await sdk.getProfile(authToken: token)
            guard profile.phoneNumber == phone, profile.phoneNumberVerified == true else {
                throw CheckFailed(
                    "phone \(profile.phoneNumber ?? "nil") (update answered \(updated.phoneNumber ?? "nil")), verified \(String(describing: profile.phoneNumberVerified))"
                )
            }
            return ((), "\(phone) set and verified with the SMS code")
        }
        await Report.expectError("verifyPhoneNumber wrong code", key: "error.invalidVerificationCode") {
            _ = try await sdk.updatePhoneNumber(authToken: token, phoneNumber: self.phone(2))
            try await sdk.verifyPhoneNumber(authToken: token, phoneNumber: self.phone(2), verificationCode: "000000")
        }
    }
}
