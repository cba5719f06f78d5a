import Encoding
import Hummingbird

/// `POST /identity/v1/send-email-verification` and `POST /identity/v1/verify-email`.
struct VerificationRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/send-email-verification") { request, _ in
            let auth = try env.authenticate(request)
            let body = try await JSONBody.read(request)
            guard env.configuration.verifyEmailTemplate else {
                throw APIError.featureDisabled("The Verify email template is not enabled for this account")
            }
            guard auth.account.email != nil, !auth.account.emailVerified else {
                return JSONResponse.make(.object(["verification_email_sent": false]))
            }
            try EmailVerification.send(to: auth.account, redirectURL: try body.string("redirect_url", maxLength: 2048), env: env)
            return JSONResponse.make(.object(["verification_email_sent": true]))
        }
        router.post("/identity/v1/verify-email") { request, _ in
            let auth = try env.authenticate(request, requiring: "full_write")
            let body = try await JSONBody.read(request)
            guard env.configuration.verifyEmailTemplate else {
                throw APIError.featureDisabled("The Verify email template is not enabled for this account")
            }
            let email = try ProfileInput.email(try body.requiredString("email", maxLength: 320))
            let code = try body.requiredString("verification_code", maxLength: 64)
            guard auth.account.email == email else {
                throw APIError.invalidRequest("email is not the account's email address", field: "email", code: "mismatch")
            }
            if auth.account.emailVerified { return JSONResponse.make(.object(["message": "Email already verified"])) }
            try CodeDelivery.confirm(.emailVerification, accountId: auth.account.id, target: email, code: code, env: env) { account in
                account.emailVerified = true
            }
            return JSONResponse.make(.object(["message": "Successfully verified email"]))
        }
    }
}
