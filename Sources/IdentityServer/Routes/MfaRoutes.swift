import Encoding
import Foundation
import Hummingbird

/// ReachFive's MFA routes as the SDKs call them: `/identity/v1/mfa/credentials` (list),
/// `…/emails` and `…/phone-numbers` (register: POST starts, `/verify` completes; DELETE removes),
/// `/identity/v1/mfa/stepup`, and `/identity/v1/mfa/trusteddevices` (list, DELETE `/{id}`). The
/// step-up's code itself goes through `passwordless/start` and `passwordless/verify`
/// (PasswordlessRoutes hands bodies with `step_up` / `challenge_id` to `Mfa`).
struct MfaRoutes {
    let env: ServerEnvironment

    struct EmailRegistrationRequest: Decodable, Sendable {
        var redirectUrl: String?
        var action: String?
        var trustDevice: Bool?
        enum CodingKeys: String, CodingKey {
            case action
            case redirectUrl = "redirect_url"
            case trustDevice = "trust_device"
        }
    }

    struct PhoneRegistrationRequest: Decodable, Sendable {
        var phoneNumber: String?
        var action: String?
        var trustDevice: Bool?
        enum CodingKeys: String, CodingKey {
            case action
            case phoneNumber = "phone_number"
            case trustDevice = "trust_device"
        }
    }

    /// The code with a session; or, for an email, the emailed link's `c` and `t` (no session).
    struct VerifyRegistrationRequest: Decodable, Sendable {
        var verificationCode: String?
        var trustDevice: Bool?
        var c: String?
        var t: String?
        enum CodingKeys: String, CodingKey {
            case c, t
            case verificationCode = "verification_code"
            case trustDevice = "trust_device"
        }
    }

    struct LinkQuery: Decodable, Sendable {
        var t: String?
        var c: String?
        var verificationCode: String?
        var email: String?
        enum CodingKeys: String, CodingKey {
            case t, c, email
            case verificationCode = "verification_code"
        }
    }

    struct DeletePhoneRequest: Decodable, Sendable {
        var phoneNumber: String?
        enum CodingKeys: String, CodingKey { case phoneNumber = "phone_number" }
    }

    struct StepUpRequest: Decodable, Sendable {
        var responseType: String?
        var clientId: String?
        var redirectUri: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var scope: String?
        var tkn: String?
        var action: String?
        enum CodingKeys: String, CodingKey {
            case scope, tkn, action
            case responseType = "response_type"
            case clientId = "client_id"
            case redirectUri = "redirect_uri"
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    struct StatusResponse: Encodable, Sendable {
        var status: String
        var credential: CredentialItem?

        init(_ status: Mfa.RegistrationStatus) {
            switch status {
            case .enabled(let c): (self.status, credential) = ("enabled", CredentialItem(c))
            case .emailSent: self.status = "email_sent"
            case .smsSent: self.status = "sms_sent"
            }
        }
    }

    /// An `MfaCredentialItem` as the SDK decodes it.
    struct CredentialItem: Encodable, Sendable {
        var createdAt: String
        var friendlyName: String
        var email: String?
        var phoneNumber: String?
        var type: MfaFactor
        enum CodingKeys: String, CodingKey {
            case email, type
            case createdAt = "created_at"
            case friendlyName = "friendly_name"
            case phoneNumber = "phone_number"
        }

        init(_ c: IdentityStore.MfaCredential) {
            createdAt = MfaRoutes.timestamp(c.createdAt)
            friendlyName = c.target
            email = c.type == .email ? c.target : nil
            phoneNumber = c.type == .sms ? c.target : nil
            type = c.type
        }
    }

    struct CredentialsResponse: Encodable, Sendable { var credentials: [CredentialItem] }

    struct StepUpResponse: Encodable, Sendable {
        var token: String
        var amr: [MfaFactor]
    }

    struct TrustedDevicesResponse: Encodable, Sendable {
        struct Device: Encodable, Sendable {
            var id: String
            var userId: String
            var createdAt: String
            var metadata: JSONValue
            enum CodingKeys: String, CodingKey {
                case id, metadata
                case userId = "user_id"
                case createdAt = "created_at"
            }
        }
        var trustedDevices: [Device]
        enum CodingKeys: String, CodingKey { case trustedDevices = "trusted_devices" }
    }

    static func timestamp(_ seconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        let mfa = Mfa(env: env)
        router.get("/identity/v1/mfa/credentials") { request, _ in
            let list = try await mfa.credentials(session: try env.sessions.bearer(request))
            return try JSONResponse.make(CredentialsResponse(credentials: list.map(CredentialItem.init)))
        }
        router.post("/identity/v1/mfa/credentials/emails") { request, _ in
            let body = try await RequestBody.decode(EmailRegistrationRequest.self, from: request)
            let status = try await mfa.startEmailRegistration(redirectURL: body.redirectUrl, session: try env.sessions.bearer(request))
            return try JSONResponse.make(StatusResponse(status))
        }
        router.post("/identity/v1/mfa/credentials/phone-numbers") { request, _ in
            let body = try await RequestBody.decode(PhoneRegistrationRequest.self, from: request)
            let status = try await mfa.startPhoneRegistration(phoneNumber: body.phoneNumber, session: try env.sessions.bearer(request))
            return try JSONResponse.make(StatusResponse(status))
        }
        for (path, factor) in [("emails", MfaFactor.email), ("phone-numbers", .sms)] {
            router.post("/identity/v1/mfa/credentials/\(path)/verify") { request, _ in
                let body = try await RequestBody.decode(VerifyRegistrationRequest.self, from: request)
                if factor == .email, body.t != nil, request.headers[.authorization] == nil {
                    _ = try await mfa.verifyEmailLink(token: body.t, code: body.c)
                    return JSONResponse.noContent()
                }
                let credential = try await mfa.verifyRegistration(
                    factor, code: body.verificationCode, session: try env.sessions.bearer(request))
                return try JSONResponse.make(CredentialItem(credential))
            }
        }
        // The emailed link, opened in a browser: verifies, then on to the app's mfaUri.
        router.get("/identity/v1/mfa/credentials/emails/verify") { request, _ in
            let query = try RequestBody.decodeQuery(LinkQuery.self, from: request)
            guard let next = try await mfa.verifyEmailLink(token: query.t, code: query.c ?? query.verificationCode) else {
                return JSONResponse.noContent()
            }
            return Response(status: .found, headers: [.location: next, .cacheControl: "no-store"])
        }
        router.delete("/identity/v1/mfa/credentials/emails") { request, _ in
            try await mfa.deleteCredential(.email, phoneNumber: nil, session: try env.sessions.bearer(request))
            return JSONResponse.noContent()
        }
        router.delete("/identity/v1/mfa/credentials/phone-numbers") { request, _ in
            let body = try await RequestBody.decode(DeletePhoneRequest.self, from: request)
            try await mfa.deleteCredential(.sms, phoneNumber: body.phoneNumber, session: try env.sessions.bearer(request))
            return JSONResponse.noContent()
        }
        router.post("/identity/v1/mfa/stepup") { request, _ in
            let body = try await RequestBody.decode(StepUpRequest.self, from: request)
            guard body.responseType ?? "code" == "code" else {
                throw APIError.invalidRequest("response_type must be code", field: "response_type")
            }
            let bearer = request.headers[.authorization] == nil ? nil : try env.sessions.bearer(request)
            let started = try await mfa.startStepUp(
                .init(
                    tkn: body.tkn, clientId: body.clientId, redirectURI: body.redirectUri, codeChallenge: body.codeChallenge,
                    codeChallengeMethod: body.codeChallengeMethod, scope: body.scope, action: body.action),
                session: bearer)
            return try JSONResponse.make(StepUpResponse(token: started.token, amr: started.amr))
        }
        router.get("/identity/v1/mfa/trusteddevices") { request, _ in
            let devices = try await mfa.trustedDevices(session: try env.sessions.bearer(request))
            return try JSONResponse.make(
                TrustedDevicesResponse(
                    trustedDevices: devices.map {
                        .init(id: $0.id, userId: $0.accountId, createdAt: Self.timestamp($0.createdAt), metadata: $0.metadata)
                    }))
        }
        router.delete("/identity/v1/mfa/trusteddevices/{id}") { request, context in
            try await mfa.deleteTrustedDevice(id: context.parameters.get("id") ?? "", session: try env.sessions.bearer(request))
            return JSONResponse.noContent()
        }
    }
}
