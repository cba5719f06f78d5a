import Encoding
import Foundation
import Hummingbird

/// The bearer-protected profile API (userinfo is OIDCUserInfoRoutes): update-profile (absent /
/// null / value), update-email, update-phone-number, verify-phone-number, and logout. Answers
/// with the profile as userinfo shows it (`ProfileClaims.profile`).
struct ProfileRoutes {
    let env: ServerEnvironment

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

    struct LogoutQuery: Decodable, Sendable {
        var postLogoutRedirectUri: String?

        enum CodingKeys: String, CodingKey { case postLogoutRedirectUri = "post_logout_redirect_uri" }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.post, "/identity/v1/update-profile", .writeSignIn) { request, _, bearer in
            let update = try await RequestBody.decode(ProfileUpdate.self, from: request)
            let auth = try await env.sessions.authenticate(bearer)
            return JSONResponse.make(ProfileClaims.profile(try await Accounts(env: env).updateProfile(update, session: auth)))
        }
        routes.bearer(.post, "/identity/v1/update-email", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(UpdateEmailRequest.self, from: request)
            let auth = try await env.sessions.authenticate(bearer)
            let account = try await Accounts(env: env).updateEmail(body.email, redirectURL: body.redirectUrl, session: auth)
            return JSONResponse.make(ProfileClaims.profile(account))
        }
        routes.bearer(.post, "/identity/v1/update-phone-number", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(UpdatePhoneNumberRequest.self, from: request)
            let auth = try await env.sessions.authenticate(bearer)
            let account = try await Accounts(env: env).updatePhoneNumber(body.phoneNumber, session: auth)
            return JSONResponse.make(ProfileClaims.profile(account))
        }
        routes.bearer(.post, "/identity/v1/verify-phone-number", .write) { request, _, bearer in
            let body = try await RequestBody.decode(VerifyPhoneNumberRequest.self, from: request)
            let auth = try await env.sessions.authenticate(bearer)
            try await Verification(env: env).verifyPhoneNumber(body.phoneNumber, code: body.verificationCode, session: auth)
            return JSONResponse.noContent()
        }
        routes.anonymous(.get, "/identity/v1/logout") { request, _ in
            let query = try RequestBody.decodeQuery(LogoutQuery.self, from: request)
            if let target = query.postLogoutRedirectUri {
                _ = try CallbackRule.allowed(target, field: "post_logout_redirect_uri", in: env.configuration)
                return Response(status: .found, headers: [.location: target, .cacheControl: "no-store"])
            }
            return JSONResponse.noContent()
        }
    }
}

/// An update-profile body: each field absent (leave it), null (delete it) or a value (set it),
/// so `Presence` rather than optionals. Keys the server sets itself (`uid`, `email_verified`,
/// `login_summary`, …) are not read, so a client echoing a whole profile back changes nothing
/// through them. The rules are `ProfileUpdate.apply` (Services/Accounts+ProfileUpdate).
struct ProfileUpdate: Decodable, Sendable {
    var email: Presence<String> = .absent
    var password: Presence<String> = .absent
    var phoneNumber: Presence<String> = .absent
    var customIdentifier: Presence<String> = .absent
    /// The fields of `Account.stringFields` the body names.
    var strings: [String: Presence<String>] = [:]
    var addresses: Presence<[JSONValue]> = .absent
    var customFields: Presence<[String: JSONValue]> = .absent
    var consents: Presence<[String: JSONValue]> = .absent
    var liteOnly: Bool?

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        email = try c.decode(Presence<String>.self, forKey: "email")
        password = try c.decode(Presence<String>.self, forKey: "password")
        phoneNumber = try c.decode(Presence<String>.self, forKey: "phone_number")
        customIdentifier = try c.decode(Presence<String>.self, forKey: "custom_identifier")
        for field in Account.stringFields {
            let change = try c.decode(Presence<String>.self, forKey: FieldKey(field))
            if !change.isAbsent { strings[field] = change }
        }
        addresses = try c.decode(Presence<[JSONValue]>.self, forKey: "addresses")
        customFields = try c.decode(Presence<[String: JSONValue]>.self, forKey: "custom_fields")
        consents = try c.decode(Presence<[String: JSONValue]>.self, forKey: "consents")
        liteOnly = try c.decodeIfPresent(Bool.self, forKey: "lite_only")
    }
}
