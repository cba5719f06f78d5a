import Encoding
import Foundation
import Hummingbird

/// ReachFive's MFA routes as the SDKs call them: `/identity/v1/mfa/credentials` (list),
/// `…/emails` and `…/phone-numbers` (register: POST starts, `/verify` completes; DELETE removes),
/// `/identity/v1/mfa/stepup`, and `/identity/v1/mfa/trusteddevices` (list, DELETE `/{id}`). The
/// step-up's code itself goes through `passwordless/start` and `passwordless/verify`
/// (PasswordlessRoutes hands bodies with `step_up` / `challenge_id` to `Mfa`).
struct MfaRoutes {
    let mfa: Mfa

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

    /// Reading the factors and devices takes any session; adding or removing either takes
    /// `full_write` and a fresh login (``BearerPolicy/credentialChange``): a stolen or stale
    /// token can neither plant a factor nor strip the owner's.
    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.get, "/identity/v1/mfa/credentials", .signedIn) { _, _, bearer in
            let list = try await mfa.credentials(session: bearer)
            return try JSONResponse.make(CredentialsResponse(credentials: list.map(CredentialItem.init)))
        }
        routes.bearer(.post, "/identity/v1/mfa/credentials/emails", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(EmailRegistrationRequest.self, from: request)
            let status = try await mfa.startEmailRegistration(redirectURL: body.redirectUrl, session: bearer)
            return try JSONResponse.make(StatusResponse(status))
        }
        routes.bearer(.post, "/identity/v1/mfa/credentials/phone-numbers", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(PhoneRegistrationRequest.self, from: request)
            let status = try await mfa.startPhoneRegistration(phoneNumber: body.phoneNumber, session: bearer)
            return try JSONResponse.make(StatusResponse(status))
        }
        // The email's verify also takes the emailed link's `t` and `c` without a session.
        routes.optionalBearer(.post, "/identity/v1/mfa/credentials/emails/verify", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(VerifyRegistrationRequest.self, from: request)
            guard let bearer else {
                _ = try await mfa.verifyEmailLink(token: body.t, code: body.c)
                return JSONResponse.noContent()
            }
            return try JSONResponse.make(
                CredentialItem(try await mfa.verifyRegistration(.email, code: body.verificationCode, session: bearer)))
        }
        routes.bearer(.post, "/identity/v1/mfa/credentials/phone-numbers/verify", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(VerifyRegistrationRequest.self, from: request)
            return try JSONResponse.make(
                CredentialItem(try await mfa.verifyRegistration(.sms, code: body.verificationCode, session: bearer)))
        }
        // The emailed link, opened in a browser: verifies, then on to the app's mfaUri.
        routes.anonymous(.get, "/identity/v1/mfa/credentials/emails/verify") { request, _ in
            let query = try RequestBody.decodeQuery(LinkQuery.self, from: request)
            guard let next = try await mfa.verifyEmailLink(token: query.t, code: query.c ?? query.verificationCode) else {
                return JSONResponse.noContent()
            }
            return Response(status: .found, headers: [.location: next, .cacheControl: "no-store"])
        }
        routes.bearer(.delete, "/identity/v1/mfa/credentials/emails", .credentialChange) { _, _, bearer in
            try await mfa.deleteCredential(.email, phoneNumber: nil, session: bearer)
            return JSONResponse.noContent()
        }
        routes.bearer(.delete, "/identity/v1/mfa/credentials/phone-numbers", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(DeletePhoneRequest.self, from: request)
            try await mfa.deleteCredential(.sms, phoneNumber: body.phoneNumber, session: bearer)
            return JSONResponse.noContent()
        }
        // From a login's step-up tkn, or from any session (the step-up is what refreshes it).
        routes.optionalBearer(.post, "/identity/v1/mfa/stepup", .signedIn) { request, _, bearer in
            let body = try await RequestBody.decode(StepUpRequest.self, from: request)
            guard body.responseType ?? "code" == "code" else {
                throw APIError.invalidRequest("response_type must be code", field: "response_type")
            }
            let started = try await mfa.startStepUp(
                .init(
                    tkn: body.tkn, clientId: body.clientId, redirectURI: body.redirectUri, codeChallenge: body.codeChallenge,
                    codeChallengeMethod: body.codeChallengeMethod, scope: body.scope, action: body.action),
                session: bearer)
            return try JSONResponse.make(StepUpResponse(token: started.token, amr: started.amr))
        }
        routes.bearer(.get, "/identity/v1/mfa/trusteddevices", .signedIn) { _, _, bearer in
            let devices = try await mfa.trustedDevices(session: bearer)
            return try JSONResponse.make(
                TrustedDevicesResponse(
                    trustedDevices: devices.map {
                        .init(id: $0.id, userId: $0.accountId, createdAt: Self.timestamp($0.createdAt), metadata: $0.metadata)
                    }))
        }
        routes.bearer(.delete, "/identity/v1/mfa/trusteddevices/{id}", .credentialChange) { _, context, bearer in
            try await mfa.deleteTrustedDevice(id: context.parameters.get("id") ?? "", session: bearer)
            return JSONResponse.noContent()
        }
    }
}
