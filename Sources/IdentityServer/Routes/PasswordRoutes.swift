import Encoding
import Hummingbird

/// `POST /identity/v1/update-password` in its three forms (a fresh token alone, a token and
/// the old password, or no token and a reset code) and `POST /identity/v1/forgot-password`.
struct PasswordRoutes {
    let accounts: Accounts
    let sessions: Sessions
    let configuration: ServerConfiguration

    struct UpdatePasswordRequest: Decodable, Sendable {
        var password: String?
        var oldPassword: String?
        /// Without a token: the reset code, the identifier it went to, and the client.
        var clientId: String?
        var verificationCode: String?
        var email: String?
        var phoneNumber: String?

        enum CodingKeys: String, CodingKey {
            case password, email
            case oldPassword = "old_password"
            case clientId = "client_id"
            case verificationCode = "verification_code"
            case phoneNumber = "phone_number"
        }
    }

    struct ForgotPasswordRequest: Decodable, Sendable {
        var clientId: String?
        var email: String?
        var phoneNumber: String?
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey {
            case email
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case redirectUrl = "redirect_url"
        }
    }

    func addRoutes(to routes: PolicyRouter) {
        // With a session (a fresh login unless the old password comes with it), or with a reset code.
        routes.optionalBearer(.post, "/identity/v1/update-password", .writeSignIn) { request, _, bearer in
            let body = try await RequestBody.decode(UpdatePasswordRequest.self, from: request)
            if let bearer {
                let auth = try await sessions.authenticate(bearer)
                try await accounts.updatePassword(body.password, oldPassword: body.oldPassword, session: auth)
            } else {
                try configuration.requireClient(body.clientId)
                let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
                try await accounts.resetPassword(body.password, target: target, code: body.verificationCode)
            }
            return JSONResponse.noContent()
        }
        routes.anonymous(.post, "/identity/v1/forgot-password") { request, _ in
            let body = try await RequestBody.decode(ForgotPasswordRequest.self, from: request)
            try configuration.requireClient(body.clientId)
            let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
            try await accounts.forgotPassword(target, redirectURL: body.redirectUrl)
            return JSONResponse.noContent()
        }
    }
}
