import Encoding
import HTTPTypes
import Hummingbird

/// The step-up's halves that arrive on the passwordless routes (`step_up` at start,
/// `challenge_id` at verify), and the trusted-device cookie.
extension MfaRoutes {
    struct ChallengeResponse: Encodable, Sendable {
        var challengeId: String
        enum CodingKeys: String, CodingKey { case challengeId = "challenge_id" }
    }

    struct CodeResponse: Encodable, Sendable { var code: String }

    static func startChallenge(_ stepUp: String, _ body: PasswordlessRoutes.StartRequest, mfa: Mfa) async throws -> Response {
        guard body.responseType ?? "code" == "code" else {
            throw APIError.invalidRequest("response_type must be code", field: "response_type")
        }
        let challengeId = try await mfa.startChallenge(
            stepUp: stepUp, authType: body.authType, clientId: body.clientId, redirectURI: body.redirectUri)
        return try JSONResponse.make(ChallengeResponse(challengeId: challengeId))
    }

    static func verifyChallenge(_ challengeId: String, _ body: PasswordlessRoutes.CodeRequest, _ request: Request, mfa: Mfa)
        async throws -> Response
    {
        let verified = try await mfa.verifyChallenge(
            challengeId, code: body.verificationCode, trustDevice: body.trustDevice ?? false, userAgent: request.headers[.userAgent])
        var headers: HTTPFields = [:]
        if let cookie = verified.trustedDeviceCookie {
            headers[.setCookie] =
                "\(Mfa.trustedDeviceCookie)=\(cookie); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(mfa.trustedDeviceSeconds)"
                + (mfa.secureCookies ? "; Secure" : "")
        }
        return try JSONResponse.make(CodeResponse(code: verified.code), headers: headers)
    }

    /// The trusted-device id the request's `Cookie` header presents, if any.
    static func trustedDevice(of request: Request) -> String? { RequestCookie.value(named: Mfa.trustedDeviceCookie, in: request) }
}
