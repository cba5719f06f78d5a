import Foundation
import SQLite

/// The code rules: verification codes for an account's email and phone number, and passwordless
/// sign-in (`Verification+Passwordless`). Codes are issued through `CodeDelivery` (the send
/// limit) and checked through the store's code records (the guess budget). Each public method is
/// one store transaction on the store's own executor; methods throw `APIError`.
struct Verification: Sendable {
    let core: ServiceCore
    let sessions: Sessions
    let logins: LoginCompletion

    /// What `verify-email` found.
    enum EmailOutcome: Sendable {
        case verified, alreadyVerified

        var message: String { self == .verified ? "Successfully verified email" : "Email already verified" }
    }

    /// send-email-verification: a code to the session's email, unless it has none or it is
    /// verified already (then false and nothing is sent).
    func sendEmailVerification(redirectURL: String?, session auth: Sessions.Authenticated) async throws -> Bool {
        try requireEmailTemplate()
        let redirectURL = try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
        let core = self.core
        return try await core.store.transaction { db in
            try sessions.recheck(auth, in: db)
            guard let account = try core.store.account(id: auth.account.id, in: db), account.email != nil, !account.emailVerified else {
                return false
            }
            try EmailVerification.send(to: account, redirectURL: redirectURL, core: core, in: db)
            return true
        }
    }

    /// verify-email. With a session (the SDK's verifyEmail) the session already holds the
    /// account, so the email is only marked verified. Without one (the code alone, from the
    /// inbox) the code is a proof of the address, under IdentifierProof's ownership rule; an
    /// address verified already is refused like a wrong code.
    func verifyEmail(_ email: String?, code: String?, session auth: Sessions.Authenticated?) async throws -> EmailOutcome {
        try requireEmailTemplate()
        let email = try ProfileInput.email(try ProfileInput.required(email, "email", max: 320))
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let core = self.core
        guard let auth else {
            try await verifyWithoutSession(email, code: code, proof: .code)
            return .verified
        }
        guard auth.account.email == email else {
            throw APIError.invalidRequest("email is not the account's email address", field: "email", code: "mismatch")
        }
        if auth.account.emailVerified { return .alreadyVerified }
        try await core.store.transaction { db in
            try CodeDelivery.confirm(
                .emailVerification, of: .email, session: auth, sessions: sessions, target: email, code: code, core: core, in: db)
        }
        return .verified
    }

    /// The verification email's link, opened in a browser (`GET verify-email` with `email`,
    /// `verification_code` and `redirect_url`): the code marks the address verified and changes
    /// nothing else (``IdentifierProof/Proof/verificationLink``: the account's sessions and
    /// credentials go on), then returns where the browser goes: `redirect_url`, with `error`,
    /// `error_description`, `error_message_key`, `error_user_msg` (and `error_id`) when the code
    /// was refused. A `redirect_url` that is not an allowed callback URL is a 400 with no redirect.
    func openEmailVerificationLink(email: String?, code: String?, redirectURL: String?, locale: String, errorId: String?) async throws
        -> String
    {
        let redirect =
            try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
            ?? EmailVerification.defaultRedirect(core.configuration)
        do {
            try requireEmailTemplate()
            let email = try ProfileInput.email(try ProfileInput.required(email, "email", max: 320))
            let code = try ProfileInput.required(code, "verification_code", max: 64)
            try await verifyWithoutSession(email, code: code, proof: .verificationLink)
        } catch {
            guard let refusal = APIError.answer(for: error) else { throw error }
            return ClientRedirect(redirectURI: redirect, state: nil, locale: locale, errorId: errorId)
                .error(refusal.error, refusal.description, key: refusal.messageKey).location
        }
        return redirect
    }

    /// An email-verification code presented without a session, by `proof` (the code typed, or
    /// the emailed link), in one transaction. An address verified already answers as an unknown
    /// one does (a wrong code), so no one learns which addresses are verified.
    private func verifyWithoutSession(_ email: String, code: String, proof: IdentifierProof.Proof) async throws {
        let target = CodeTarget(identifier: .email, value: email)
        let core = self.core
        try await core.store.transaction { db in
            let account = try target.requireAccount(for: .emailVerification, core: core, in: db)
            if account.emailVerified {
                try core.store.refuseCode(.emailVerification, forUnknownIdentifier: email, now: core.now, in: db)
            }
            guard
                try core.store.consumeCode(
                    accountId: account.id, purpose: .emailVerification, target: email, code: code, now: core.now, in: db) != nil
            else { throw APIError.invalidVerificationCode }
            _ = try IdentifierProof.claim(.email, accountId: account.id, by: proof, proven: email, core: core, in: db)
        }
    }

    /// verify-phone-number: the code sent to the session's phone number marks it verified.
    func verifyPhoneNumber(_ phoneNumber: String?, code: String?, session auth: Sessions.Authenticated) async throws {
        let phone = try ProfileInput.phoneNumber(
            try ProfileInput.required(phoneNumber, "phone_number", max: 64), configuration: core.configuration)
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        guard auth.account.phoneNumber == phone else {
            throw APIError.invalidRequest("phone_number is not the account's phone number", field: "phone_number", code: "mismatch")
        }
        let core = self.core
        try await core.store.transaction { db in
            try CodeDelivery.confirm(
                .phoneVerification, of: .phoneNumber, session: auth, sessions: sessions, target: phone, code: code, core: core, in: db)
        }
    }

    private func requireEmailTemplate() throws(APIError) {
        guard core.configuration.verifyEmailTemplate else {
            throw APIError.featureDisabled("The Verify email template is not enabled for this account")
        }
    }
}
