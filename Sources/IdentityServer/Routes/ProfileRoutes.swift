import Encoding
import Foundation
import Hummingbird

/// The bearer-protected profile API (userinfo is OIDCUserInfoRoutes): update-profile (absent / null / value), update-email,
/// update-phone-number, verify-phone-number, and logout.
struct ProfileRoutes {
    let env: ServerEnvironment

    /// Keys the SDK's `Profile` carries that are the server's to set, never the client's.
    static let readOnlyKeys: Set<String> = [
        "uid", "id", "sub", "created_at", "updated_at", "login_summary", "emails", "email_verified",
        "phone_number_verified", "has_password", "logins_count", "first_login", "last_login",
        "last_login_type", "auth_types", "providers", "identities", "social_identities",
    ]

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/update-profile") { request, _ in
            let body = try await JSONBody.read(request)
            let auth = try env.authenticate(request, requiring: "full_write")
            // Setting a password here (a profile without email) is a password change without
            // the old one: it needs a recent login and ends the account's other sessions.
            // Changing a login identifier here needs a recent login too (a stale stolen token must
            // not swap the owner's address for one that then proves itself).
            let changesPassword = body.has("password")
            if changesPassword { try env.requireFreshLogin(auth) }
            let updated = try env.store.write { db in
                try env.recheck(auth, in: db)
                let account = try env.store.updateAccount(id: auth.account.id, in: db) { account in
                    let before = account
                    account = try applyProfileUpdate(body, to: account)
                    if before.email != account.email || before.phoneNumber != account.phoneNumber
                        || before.customIdentifier != account.customIdentifier
                    {
                        try env.requireFreshLogin(auth)
                    }
                }
                if changesPassword { try env.endOtherSessions(of: auth, in: db) }
                return account
            }
            return JSONResponse.make(ProfileClaims.profile(updated))
        }
        router.post("/identity/v1/update-email") { request, _ in
            let body = try await JSONBody.read(request)
            let auth = try env.authenticate(request, requiring: "full_write")
            let email = try ProfileInput.email(try body.requiredString("email", maxLength: 320))
            try env.requireFreshLogin(auth)
            let (account, changed) = try replaceIdentifier(\.email, verified: \.emailVerified, with: email, session: auth)
            if changed && env.configuration.verifyEmailTemplate {
                try EmailVerification.send(to: account, redirectURL: try body.string("redirect_url", maxLength: 2048), env: env)
            }
            return JSONResponse.make(ProfileClaims.profile(account))
        }
        router.post("/identity/v1/update-phone-number") { request, _ in
            let body = try await JSONBody.read(request)
            let auth = try env.authenticate(request, requiring: "full_write")
            let phone = try ProfileInput.phoneNumber(try body.requiredString("phone_number", maxLength: 64), env: env)
            try env.requireFreshLogin(auth)
            let (account, _) = try replaceIdentifier(\.phoneNumber, verified: \.phoneNumberVerified, with: phone, session: auth)
            if env.configuration.sms && !account.phoneNumberVerified { try PhoneVerification.send(to: account, env: env) }
            return JSONResponse.make(ProfileClaims.profile(account))
        }
        router.post("/identity/v1/verify-phone-number") { request, _ in
            let body = try await JSONBody.read(request)
            let auth = try env.authenticate(request, requiring: "full_write")
            let phone = try ProfileInput.phoneNumber(try body.requiredString("phone_number", maxLength: 64), env: env)
            let code = try body.requiredString("verification_code", maxLength: 64)
            guard auth.account.phoneNumber == phone else {
                throw APIError.invalidRequest("phone_number is not the account's phone number", field: "phone_number", code: "mismatch")
            }
            try CodeDelivery.confirm(.phoneVerification, session: auth, target: phone, code: code, env: env) { account in
                account.phoneNumberVerified = true
            }
            return JSONResponse.noContent()
        }
        router.get("/identity/v1/logout") { request, _ in
            if let target = request.uri.queryParameters.get("post_logout_redirect_uri") {
                guard env.configuration.callbackURLs.contains(target) else {
                    throw APIError.invalidRequest(
                        "post_logout_redirect_uri is not an allowed callback URL", field: "post_logout_redirect_uri")
                }
                return Response(status: .found, headers: [.location: target, .cacheControl: "no-store"])
            }
            return JSONResponse.noContent()
        }
    }

    /// The update-profile rules: an absent key leaves the field, null deletes it, a value sets
    /// it; `email` and `password` only when the profile has no email; `phone_number` not while
    /// SMS is on; identifiers stay valid and unique.
    /// Sets the email or phone number of the account as stored to `value`, unverified, unless it
    /// already is that value; says whether it changed.
    private func replaceIdentifier(
        _ identifier: WritableKeyPath<Account, String?>, verified: WritableKeyPath<Account, Bool>,
        with value: String, session auth: ServerEnvironment.Authenticated
    ) throws -> (account: Account, changed: Bool) {
        var changed = false
        let account = try env.store.write { db in
            try env.recheck(auth, in: db)
            return try env.store.updateAccount(id: auth.account.id, in: db) { account in
                guard account[keyPath: identifier] != value else { return }
                account[keyPath: identifier] = value
                account[keyPath: verified] = false
                account.updatedAt = env.now
                changed = true
            }
        }
        return (account, changed)
    }

    func applyProfileUpdate(_ body: JSONBody, to original: Account) throws -> Account {
        var a = original
        func refuse(_ field: String, _ why: String) -> APIError {
            APIError(
                .badRequest, "invalid_request", why, key: .fieldNotUpdatable,
                details: [FieldError(field: field, message: why, code: "not_updatable")])
        }
        switch try body.change("email", maxLength: 320) {
        case .keep: break
        case .set(let v) where a.email != nil:
            guard (try? ProfileInput.email(v)) == a.email else { throw refuse("email", "email cannot be changed here: use update-email") }
        case .delete where a.email != nil: throw refuse("email", "email cannot be deleted here")
        case .set(let v):
            a.email = try ProfileInput.email(v)
            a.emailVerified = false
        case .delete: break
        }
        if body.has("password") {
            guard original.email == nil else { throw refuse("password", "password cannot be changed here: use update-password") }
            let password = try body.requiredString("password", maxLength: 1024)
            try ProfileInput.checkStrength(password, draft: nil, env: env)
            a.passwordHash = try env.passwords.hashBlocking(password, random: env.secrets.random)
        }
        switch try body.change("phone_number", maxLength: 64) {
        case .keep: break
        case .set(let v):
            let phone = try ProfileInput.phoneNumber(v, env: env)
            if phone != a.phoneNumber {
                guard !env.configuration.sms else {
                    throw refuse("phone_number", "phone_number cannot be changed here while SMS is on: use update-phone-number")
                }
                a.phoneNumber = phone
                a.phoneNumberVerified = false
            }
        case .delete:
            guard !env.configuration.sms || a.phoneNumber == nil else {
                throw refuse("phone_number", "phone_number cannot be deleted while SMS is on")
            }
            a.phoneNumber = nil
            a.phoneNumberVerified = false
        }
        switch try body.change("custom_identifier", maxLength: 400) {
        case .keep: break
        case .set(let v): a.customIdentifier = try ProfileInput.customIdentifier(v)
        case .delete: a.customIdentifier = nil
        }
        guard a.email != nil || a.phoneNumber != nil || a.customIdentifier != nil || a.passwordHash == nil else {
            throw APIError.invalidRequest(
                "A profile with a password keeps at least one login identifier", field: "custom_identifier", code: "required")
        }
        for field in Account.stringFields {
            switch try body.change(field, maxLength: 2048) {
            case .keep: break
            case .set(let v): a.profile[field] = .string(v)
            case .delete: a.profile[field] = nil
            }
        }
        for (field, value) in try ProfileInput.structured(body, now: env.now) { a.profile[field] = value }
        for field in ["addresses", "custom_fields", "consents"] where body.members[field] == .null { a.profile[field] = nil }
        if let lite = try body.bool("lite_only") { a.profile["lite_only"] = .bool(lite) }
        a.updatedAt = env.now
        return a
    }
}

extension APIError {
    static let invalidVerificationCode = APIError(
        .badRequest, "invalid_grant", "Invalid or expired verification code", key: .invalidVerificationCode,
        details: [FieldError(field: "verification_code", message: "Invalid or expired verification code", code: "invalid")])
}
