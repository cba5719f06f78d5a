import Encoding
import Hummingbird

/// `POST /identity/v1/send-email-verification` and `POST /identity/v1/verify-email`.
struct VerificationRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/send-email-verification") { request, _ in
            let body = try await JSONBody.read(request)
            let auth = try env.authenticate(request)
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
            // With a session (the SDK's verifyEmail): the session already holds the account, so
            // the email is only marked verified. Without one (the code alone, from the inbox):
            // a proof of the address, under IdentifierProof's ownership rule.
            let body = try await JSONBody.read(request)
            let auth = request.headers[.authorization] == nil ? nil : try env.authenticate(request, requiring: "full_write")
            guard env.configuration.verifyEmailTemplate else {
                throw APIError.featureDisabled("The Verify email template is not enabled for this account")
            }
            let email = try ProfileInput.email(try body.requiredString("email", maxLength: 320))
            let code = try body.requiredString("verification_code", maxLength: 64)
            guard let auth else {
                try env.requireClient(try body.string("client_id"))
                guard let account = try env.store.account(where: .email, equals: email) else {
                    try env.store.refuseCodeForUnknownIdentifier(email, now: env.now)
                }
                if account.emailVerified { return JSONResponse.make(.object(["message": "Email already verified"])) }
                try env.store.write { db in
                    guard
                        try env.store.consumeCode(
                            accountId: account.id, purpose: .emailVerification, target: email, code: code, now: env.now, in: db) != nil
                    else {
                        throw APIError.invalidVerificationCode
                    }
                    _ = try IdentifierProof.claim(.email, accountId: account.id, env: env, in: db)
                }
                return JSONResponse.make(.object(["message": "Successfully verified email"]))
            }
            guard auth.account.email == email else {
                throw APIError.invalidRequest("email is not the account's email address", field: "email", code: "mismatch")
            }
            if auth.account.emailVerified { return JSONResponse.make(.object(["message": "Email already verified"])) }
            try CodeDelivery.confirm(.emailVerification, session: auth, target: email, code: code, env: env) { account in
                account.emailVerified = true
            }
            return JSONResponse.make(.object(["message": "Successfully verified email"]))
        }
    }
}
