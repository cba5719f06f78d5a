import Encoding
import Hummingbird

/// `POST /identity/v1/send-email-verification`, `POST /identity/v1/verify-email`, and the
/// verification email's link, `GET /identity/v1/verify-email`, which verifies and redirects.
struct VerificationRoutes {
    let verification: Verification
    let sessions: Sessions
    let configuration: ServerConfiguration

    struct SendEmailVerificationRequest: Decodable, Sendable {
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey { case redirectUrl = "redirect_url" }
    }

    struct SendEmailVerificationResponse: Encodable, Sendable {
        var verificationEmailSent: Bool

        enum CodingKeys: String, CodingKey { case verificationEmailSent = "verification_email_sent" }
    }

    struct VerifyEmailRequest: Decodable, Sendable {
        var email: String?
        var verificationCode: String?
        /// Without a session only.
        var clientId: String?

        enum CodingKeys: String, CodingKey {
            case email
            case verificationCode = "verification_code"
            case clientId = "client_id"
        }
    }

    /// The emailed link's query.
    struct LinkQuery: Decodable, Sendable {
        var email: String?
        var verificationCode: String?
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey {
            case email
            case verificationCode = "verification_code"
            case redirectUrl = "redirect_url"
        }
    }

    struct MessageResponse: Encodable, Sendable {
        var message: String
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.post, "/identity/v1/send-email-verification", .signedIn) { request, _, bearer in
            let body = try await RequestBody.decode(SendEmailVerificationRequest.self, from: request)
            let auth = try await sessions.authenticate(bearer)
            let sent = try await verification.sendEmailVerification(redirectURL: body.redirectUrl, session: auth)
            return try JSONResponse.make(SendEmailVerificationResponse(verificationEmailSent: sent))
        }
        routes.optionalBearer(.post, "/identity/v1/verify-email", .write) { request, _, bearer in
            // With a session (the SDK's verifyEmail) or without one (the code alone, from the
            // inbox, with the client): see Verification.verifyEmail.
            let body = try await RequestBody.decode(VerifyEmailRequest.self, from: request)
            var auth: Sessions.Authenticated?
            if let bearer { auth = try await sessions.authenticate(bearer) }
            if auth == nil, configuration.verifyEmailTemplate { try configuration.requireClient(body.clientId) }
            let outcome = try await verification.verifyEmail(body.email, code: body.verificationCode, session: auth)
            return try JSONResponse.make(MessageResponse(message: outcome.message))
        }
        // The emailed link, opened in a browser: whoever opens it holds the inbox.
        routes.anonymous(.get, EmailVerification.linkPath) { request, context in
            let query = try RequestBody.decodeQuery(LinkQuery.self, from: request)
            let next = try await verification.openEmailVerificationLink(
                email: query.email, code: query.verificationCode, redirectURL: query.redirectUrl,
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]),
                errorId: String(describing: context.id))
            return Response(status: .found, headers: [.location: next, .cacheControl: "no-store"])
        }
    }
}
