import Encoding
import Foundation
import SQLite

/// The MFA rules (ReachFive's `/identity/v1/mfa/…` routes): registering the account's email or a
/// phone number as a second factor with a code (the verification-code machinery: single use,
/// expiry, guess limits), listing and deleting factors, and trusted devices. The step-up is in
/// `Mfa+StepUp.swift`. Each public method is one store transaction; errors are `APIError`.
///
/// What a session may do here is its route's declared policy: adding or removing a factor or
/// a trusted device takes `full_write` and a fresh login, enforced when the bearer is checked.
struct Mfa: Sendable {
    let core: ServiceCore
    let sessions: Sessions
    let logins: LoginCompletion

    /// What a registration start did: the factor was enabled at once (an identifier the account
    /// has verified already), or a code went by email or SMS.
    enum RegistrationStatus: Sendable {
        case enabled(IdentityStore.MfaCredential)
        case emailSent
        case smsSent
    }

    /// How long a device stays trusted (`mfa.trusted_device_days`), for its cookie's Max-Age.
    var trustedDeviceSeconds: Int64 { core.configuration.mfa.trustedDeviceDays * 86_400 }
    /// Whether the trusted-device cookie is `Secure` (``ServiceCore/secureCookies``).
    var secureCookies: Bool { core.secureCookies }

    func requireEnabled() throws(APIError) {
        guard core.configuration.mfa.enabled else { throw APIError.featureDisabled("MFA is not enabled for this account") }
    }

    /// Registers the session's email: at once when it is verified, else a code is sent to it
    /// (a link to `redirectURL` carries it too).
    func startEmailRegistration(redirectURL: String?, session bearer: Sessions.Bearer) async throws -> RegistrationStatus {
        try requireEnabled()
        let redirectURL = try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
        let core = self.core
        let linkToken = core.secrets.token()
        return try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            guard let email = auth.account.email else {
                throw APIError.invalidRequest("The account has no email address", field: "email", code: "required")
            }
            if auth.account.emailVerified { return try enable(.email, email, accountId: auth.account.id, in: db) }
            // The link opens the server's verify route (`t` names this registration), which then
            // sends the browser on to `redirectURL` (the app's mfaUri).
            var data: [String: JSONValue] = ["t": .string(linkToken)]
            if let redirectURL { data["redirect_url"] = .string(redirectURL) }
            try CodeDelivery.send(
                .mfaEmailRegistration, to: auth.account, target: email, channel: .email, subject: "Confirm your second factor",
                text: "Your MFA verification code is", linkBase: "\(core.baseURL)/identity/v1/mfa/credentials/emails/verify",
                linkParameters: ["t": linkToken], data: .object(data), core: core, in: db)
            return .emailSent
        }
    }

    /// Registers `phoneNumber`: at once when it is the account's verified number, else a code is
    /// sent to it by SMS.
    func startPhoneRegistration(phoneNumber: String?, session bearer: Sessions.Bearer) async throws -> RegistrationStatus {
        try requireEnabled()
        // A phone factor is used by SMS: none is registered while SMS is off.
        guard core.configuration.sms else { throw APIError.featureDisabled("SMS is not enabled for this account") }
        let phone = try ProfileInput.phoneNumber(
            try ProfileInput.required(phoneNumber, "phone_number", max: 64), configuration: core.configuration)
        let core = self.core
        return try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            if auth.account.phoneNumber == phone, auth.account.phoneNumberVerified {
                return try enable(.sms, phone, accountId: auth.account.id, in: db)
            }
            try CodeDelivery.send(
                .mfaPhoneRegistration, to: auth.account, target: phone, channel: .sms, subject: "", text: "Your MFA verification code is",
                linkBase: nil, core: core, in: db)
            return .smsSent
        }
    }

    private func enable(_ type: MfaFactor, _ target: String, accountId: String, in db: Database) throws -> RegistrationStatus {
        let credential = IdentityStore.MfaCredential(type: type, target: target, createdAt: core.now)
        try core.store.insertMfaCredential(accountId: accountId, credential, in: db)
        return .enabled(credential)
    }

    /// Completes a registration with its code: the factor is registered (and listed from then on);
    /// the account's own email or phone number, unverified until then, becomes verified (a proof
    /// by the session's holder: IdentifierProof).
    func verifyRegistration(_ type: MfaFactor, code: String?, session bearer: Sessions.Bearer) async throws -> IdentityStore.MfaCredential {
        try requireEnabled()
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let purpose: IdentityStore.CodePurpose = type == .email ? .mfaEmailRegistration : .mfaPhoneRegistration
        let core = self.core
        let now = core.now
        return try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            let target = try core.store.pendingCodeTarget(accountId: auth.account.id, purpose: purpose, in: db) ?? ""
            guard
                try core.store.consumeCode(accountId: auth.account.id, purpose: purpose, target: target, code: code, now: now, in: db)
                    != nil
            else { throw APIError.invalidVerificationCode }
            let credential = IdentityStore.MfaCredential(type: type, target: target, createdAt: now)
            try core.store.insertMfaCredential(accountId: auth.account.id, credential, in: db)
            let identifier: IdentifierProof.Identifier = type == .email ? .email : .phoneNumber
            if auth.account[keyPath: identifier.value] == target {
                _ = try IdentifierProof.claim(identifier, accountId: auth.account.id, by: .session, proven: target, core: core, in: db)
            }
            return credential
        }
    }

    func credentials(session bearer: Sessions.Bearer) async throws -> [IdentityStore.MfaCredential] {
        let core = self.core
        return try await core.store.reading { db in
            let auth = try sessions.authenticate(bearer, in: db)
            return try core.store.mfaCredentials(accountId: auth.account.id, in: db)
        }
    }

    /// Deletes the email factor, or the phone factor `phoneNumber`; 404 when there is none.
    func deleteCredential(_ type: MfaFactor, phoneNumber: String?, session bearer: Sessions.Bearer) async throws {
        let core = self.core
        let phone = try phoneNumber.map { (raw) throws(APIError) in try ProfileInput.phoneNumber(raw, configuration: core.configuration) }
        if type == .sms, phone == nil { throw APIError.invalidRequest("phone_number is required", field: "phone_number", code: "required") }
        try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            guard try core.store.deleteMfaCredentials(accountId: auth.account.id, type: type, target: phone, in: db) > 0 else {
                throw APIError.notFound("No such MFA credential")
            }
        }
    }

    func trustedDevices(session bearer: Sessions.Bearer) async throws -> [IdentityStore.TrustedDeviceRecord] {
        let core = self.core
        return try await core.store.reading { db in
            let auth = try sessions.authenticate(bearer, in: db)
            return try core.store.trustedDevices(accountId: auth.account.id, now: core.now, in: db)
        }
    }

    func deleteTrustedDevice(id: String, session bearer: Sessions.Bearer) async throws {
        let core = self.core
        try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            guard try core.store.deleteTrustedDevice(id: id, accountId: auth.account.id, in: db) else {
                throw APIError.notFound("No such trusted device")
            }
        }
    }

    /// The emailed link (`t` and the code), without a session: whoever opens it holds the inbox,
    /// so it is a proof of the address (IdentifierProof): when the address is the account's own
    /// and unverified, the ownership rule runs first (a pre-registrant's credentials, factors,
    /// trusted devices and step-ups end, or the address moves to an account of the prover's
    /// own), and the factor is registered on the account the prover owns. Returns where the
    /// browser goes next: the registration's `redirect_url` (an allowed callback URL, checked when
    /// it was given), with `error` parameters when the code was refused.
    func verifyEmailLink(token: String?, code: String?) async throws -> String? {
        let token = try ProfileInput.required(token, "t", max: 256)
        let code = try ProfileInput.required(code, "c", max: 64)
        let core = self.core
        let now = core.now
        let found = try await core.store.reading { db in try core.store.mfaEmailLink(token: token, in: db) }
        guard let (accountId, target, stored) = found else { throw APIError.invalidVerificationCode }
        // Checked again on the way out: the configuration may have changed since it was given.
        let redirectURL = try CallbackRule.allowed(stored, field: "redirect_url", in: core.configuration)
        do {
            try await core.store.transaction { db in
                guard
                    try core.store.consumeCode(
                        accountId: accountId, purpose: .mfaEmailRegistration, target: target, code: code, now: now, in: db)
                        != nil
                else { throw APIError.invalidVerificationCode }
                var owner = accountId
                if try core.store.account(id: accountId, in: db)?.email == target {
                    owner = try IdentifierProof.claim(.email, accountId: accountId, by: .code, proven: target, core: core, in: db)
                }
                try core.store.insertMfaCredential(accountId: owner, .init(type: .email, target: target, createdAt: now), in: db)
            }
        } catch {
            guard let redirectURL, let error = APIError.answer(for: error) else { throw error }
            return URLQuery.appending(
                ["error": error.error, "error_description": error.description, "error_message_key": error.messageKey.rawValue],
                to: redirectURL)
        }
        return redirectURL
    }
}
