import Encoding
import Foundation
import Hummingbird

/// The bearer-protected profile API (userinfo is OIDCUserInfoRoutes): update-profile (absent /
/// null / value), update-email, update-phone-number, verify-phone-number. Answers
/// with the profile as userinfo shows it (`Accounts.profile`).
struct ProfileRoutes {
    let accounts: Accounts
    let verification: Verification
    let sessions: Sessions

    struct UpdateEmailRequest: Decodable, Sendable {
        var email: String?
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey {
            case email
            case redirectUrl = "redirect_url"
        }
    }

    struct UpdatePhoneNumberRequest: Decodable, Sendable {
        var phoneNumber: String?

        enum CodingKeys: String, CodingKey { case phoneNumber = "phone_number" }
    }

    struct VerifyPhoneNumberRequest: Decodable, Sendable {
        var phoneNumber: String?
        var verificationCode: String?

        enum CodingKeys: String, CodingKey {
            case phoneNumber = "phone_number"
            case verificationCode = "verification_code"
        }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.post, "/identity/v1/update-profile", .writeSignIn) { request, _, bearer in
            let update = try await RequestBody.decode(ProfileUpdate.self, from: request)
            let auth = try await sessions.authenticate(bearer)
            return JSONResponse.make(try await accounts.profile(try await accounts.updateProfile(update, session: auth)))
        }
        routes.bearer(.post, "/identity/v1/update-email", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(UpdateEmailRequest.self, from: request)
            let auth = try await sessions.authenticate(bearer)
            let account = try await accounts.updateEmail(body.email, redirectURL: body.redirectUrl, session: auth)
            return JSONResponse.make(try await accounts.profile(account))
        }
        routes.bearer(.post, "/identity/v1/update-phone-number", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(UpdatePhoneNumberRequest.self, from: request)
            let auth = try await sessions.authenticate(bearer)
            let account = try await accounts.updatePhoneNumber(body.phoneNumber, session: auth)
            return JSONResponse.make(try await accounts.profile(account))
        }
        routes.bearer(.post, "/identity/v1/verify-phone-number", .write) { request, _, bearer in
            let body = try await RequestBody.decode(VerifyPhoneNumberRequest.self, from: request)
            let auth = try await sessions.authenticate(bearer)
            try await verification.verifyPhoneNumber(body.phoneNumber, code: body.verificationCode, session: auth)
            return JSONResponse.noContent()
        }
    }
}
