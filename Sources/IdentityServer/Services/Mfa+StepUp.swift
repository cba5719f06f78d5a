import Encoding
import Foundation
import SQLite

/// The step-up: a password login that needs a second factor answers `mfa_required` with a token
/// in place of its `tkn`; `/mfa/stepup` turns it (or a signed-in session) into a step-up token
/// bound to a PKCE challenge; `passwordless/start` with `step_up` sends a code to a factor;
/// `passwordless/verify` with its `challenge_id` and the code gives an authorization code
/// (and, when asked, trusts the device).
extension Mfa {
    /// The cookie a trusted device presents at its next login.
    static let trustedDeviceCookie = "r5_trusted_device"

    /// Called with a password login's fresh `tkn`: when the account must step up (the policy,
    /// its factors, no trusted device presented), the tkn is spent and a step-up token takes
    /// its place (returned; the login answers `mfa_required`). Nil when no step-up is needed.
    func gateLogin(tkn: String, trustedDeviceId: String?) async throws -> String? {
        let settings = env.configuration.mfa
        guard settings.enabled, settings.stepUp != .never else { return nil }
        let env = self.env
        let token = env.secrets.token()
        let now = env.now
        return try await env.store.transaction { db in
            guard let accountId = try env.store.tknAccount(tkn, now: now, in: db) else { return nil }
            let factors = try env.store.mfaCredentials(accountId: accountId, in: db)
            if settings.stepUp == .whenRegistered, factors.isEmpty { return nil }
            if let trustedDeviceId,
                try env.store.trustedDevices(accountId: accountId, now: now, in: db).contains(where: { $0.id == trustedDeviceId })
            {
                return nil
            }
            _ = try env.store.takeTkn(tkn, now: now, in: db)
            try env.store.insertStepUp(
                .init(token: token, accountId: accountId, stage: .login, data: [:], expiresAt: now + env.configuration.lifetimes.tkn),
                in: db)
            return token
        }
    }

    /// What `/mfa/stepup` asks for.
    struct StepUpStart: Sendable {
        var tkn: String?
        var clientId: String?
        var redirectURI: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var scope: String?
        var action: String?
    }

    /// `/mfa/stepup`: from a login's step-up `tkn`, or from a session (`bearer`, with an
    /// `action`). Returns the step-up token and the factors the account can use.
    func startStepUp(_ start: StepUpStart, session bearer: Sessions.Bearer?) async throws -> (token: String, amr: [MfaFactor]) {
        try env.requireClient(start.clientId)
        let redirectURI = try requireCallback(start.redirectURI)
        let challenge = try ProfileInput.required(start.codeChallenge, "code_challenge", max: 128)
        guard start.codeChallengeMethod == "S256", Base64URL.decode(challenge)?.count == 32 else {
            throw APIError.invalidRequest("PKCE with code_challenge_method S256 is required", field: "code_challenge_method")
        }
        let scope = try env.scopes(start.scope).joined(separator: " ")
        let action = try ProfileInput.limited(start.action, "action", max: 256)
        let tkn = try ProfileInput.limited(start.tkn, "tkn", max: 256)
        let env = self.env
        let token = env.secrets.token()
        let now = env.now
        return try await env.store.transaction { db in
            let accountId: String
            if let tkn {
                guard let login = try env.store.stepUp(token: tkn, now: now, in: db), login.stage == .login else {
                    throw APIError.invalidGrant("Invalid or expired step-up tkn")
                }
                try env.store.deleteStepUp(token: tkn, in: db)
                accountId = login.accountId
            } else if let bearer {
                accountId = try env.sessions.authenticate(bearer, in: db).account.id
            } else {
                throw APIError.invalidRequest("A tkn or an access token is required", field: "tkn", code: "required")
            }
            var data: [String: JSONValue] = [
                "code_challenge": .string(challenge), "redirect_uri": .string(redirectURI), "scope": .string(scope),
            ]
            if let action { data["action"] = .string(action) }
            try env.store.insertStepUp(
                .init(
                    token: token, accountId: accountId, stage: .started, data: data, expiresAt: now + env.configuration.lifetimes.challenge),
                in: db)
            let factors = try env.store.mfaCredentials(accountId: accountId, in: db).map(\.type)
            return (token, MfaFactor.allCases.filter(factors.contains))
        }
    }

    /// `passwordless/start` with `step_up`: a code to the account's `authType` factor; returns the
    /// challenge the code is verified against.
    func startChallenge(stepUp token: String, authType: String?, clientId: String?, redirectURI: String?) async throws -> String {
        try env.requireClient(clientId)
        _ = try requireCallback(redirectURI)
        guard let factor = authType.flatMap(MfaFactor.init(rawValue:)) else {
            throw APIError.invalidRequest("auth_type must be email or sms with a step_up", field: "auth_type")
        }
        let env = self.env
        let challengeId = env.secrets.token()
        let now = env.now
        try await env.store.transaction { db in
            guard var stepUp = try env.store.stepUp(token: token, now: now, in: db), stepUp.stage == .started else {
                throw APIError.invalidGrant("Invalid or expired step_up token")
            }
            guard let account = try env.store.account(id: stepUp.accountId, in: db),
                let target = try env.store.mfaCredentials(accountId: account.id, in: db).first(where: { $0.type == factor })?.target
            else {
                throw APIError.invalidRequest("The account has no \(factor.rawValue) MFA credential", field: "auth_type", code: "not_found")
            }
            try env.store.deleteStepUp(token: token, in: db)
            stepUp.challengeId = challengeId
            stepUp.data["target"] = .string(target)
            try env.store.insertStepUp(stepUp, in: db)
            try CodeDelivery.send(
                .mfaStepUp, to: account, target: target, channel: factor == .email ? .email : .sms, subject: "Your verification code",
                text: "Your verification code is", linkBase: nil, env: env, in: db)
        }
        return challengeId
    }

    /// `passwordless/verify` with `challenge_id`: the code, used up, ends the step-up with an
    /// authorization code bound to its PKCE challenge; `trustDevice` also trusts this device
    /// (its id returned, for the cookie).
    func verifyChallenge(_ challengeId: String, code: String?, trustDevice: Bool, userAgent: String?) async throws
        -> (code: String, trustedDeviceId: String?)
    {
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let env = self.env
        let authorizationCode = env.secrets.token()
        let deviceId = trustDevice ? env.secrets.token(bytes: 16) : nil
        let now = env.now
        try await env.store.transaction { db in
            guard let stepUp = try env.store.stepUp(challengeId: challengeId, now: now, in: db),
                let target = stepUp.data["target"]?.stringValue, let challenge = stepUp.data["code_challenge"]?.stringValue,
                let redirectURI = stepUp.data["redirect_uri"]?.stringValue
            else { throw APIError.invalidVerificationCode }
            guard
                try env.store.consumeCode(accountId: stepUp.accountId, purpose: .mfaStepUp, target: target, code: code, now: now, in: db)
                    != nil
            else { throw APIError.invalidVerificationCode }
            try env.store.deleteStepUp(token: stepUp.token, in: db)
            try env.store.recordLogin(accountId: stepUp.accountId, type: "mfa", at: now, in: db)
            try env.store.insertCode(
                authorizationCode,
                .init(
                    accountId: stepUp.accountId, clientId: env.configuration.clientId, redirectURI: redirectURI, codeChallenge: challenge,
                    scope: stepUp.data["scope"]?.stringValue ?? "", nonce: nil, authTime: now, authType: "mfa",
                    expiresAt: now + env.configuration.lifetimes.authorizationCode), in: db)
            if let deviceId {
                var metadata: [String: JSONValue] = ["device_class": .string("mobile")]
                if let userAgent { metadata["user_agent"] = .string(String(userAgent.prefix(512))) }
                try env.store.insertTrustedDevice(
                    .init(
                        id: deviceId, accountId: stepUp.accountId, createdAt: now,
                        expiresAt: now + env.configuration.mfa.trustedDeviceDays * 86_400, metadata: .object(metadata)), in: db)
            }
        }
        return (authorizationCode, deviceId)
    }

    private func requireCallback(_ redirectURI: String?) throws(APIError) -> String {
        let redirectURI = try ProfileInput.required(redirectURI, "redirect_uri", max: 2048)
        guard env.configuration.callbackURLs.contains(redirectURI) else {
            throw APIError.invalidRequest(
                "redirect_uri is not an allowed callback URL of this client", field: "redirect_uri", code: "not_allowed")
        }
        return redirectURI
    }
}

extension IdentityStore {
    /// The account of a live, unspent `tkn` (without spending it).
    func tknAccount(_ tkn: String, now: Int64, in db: Database) throws -> String? {
        try db.prepare("SELECT account_id FROM tkns WHERE tkn = ?1 AND expires_at > ?2").bind(1, tkn).bind(2, now).firstRow { $0.text(0) }
            .flatMap { $0 }
    }
}
