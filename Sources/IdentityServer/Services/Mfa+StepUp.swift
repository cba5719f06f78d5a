import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

/// The step-up: a login that needs a second factor answers `mfa_required` with a token in place
/// of its `tkn` (``LoginCompletion``); `/mfa/stepup` turns it (or a signed-in session) into a
/// step-up token bound to a PKCE challenge; `passwordless/start` with `step_up` sends a code to a
/// factor; `passwordless/verify` with its `challenge_id` and the code gives an authorization code
/// (and, when asked, trusts the device).
extension Mfa {
    /// The cookie a trusted device presents at its next login.
    static let trustedDeviceCookie = "r5_trusted_device"

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
    /// `browser`: the hosted login page's own step-up, bound to the page token of the browser
    /// that started it (its S256 is kept).
    func startStepUp(_ start: StepUpStart, session bearer: Sessions.Bearer?, browser: String? = nil) async throws
        -> (token: String, amr: [MfaFactor])
    {
        try requireEnabled()
        try core.configuration.requireClient(start.clientId)
        let redirectURI = try CallbackRule.required(start.redirectURI, field: "redirect_uri", in: core.configuration)
        let challenge = try ProfileInput.required(start.codeChallenge, "code_challenge", max: 128)
        guard start.codeChallengeMethod == "S256", Base64URL.decode(challenge)?.count == 32 else {
            throw APIError.invalidRequest("PKCE with code_challenge_method S256 is required", field: "code_challenge_method")
        }
        let requestedScopes = try core.configuration.scopes(start.scope)
        let action = try ProfileInput.limited(start.action, "action", max: 256)
        let tkn = try ProfileInput.limited(start.tkn, "tkn", max: 256)
        let core = self.core
        let token = core.secrets.token()
        let now = core.now
        return try await core.store.transaction { db in
            let accountId: String
            let generation: Int64?
            var scopes = requestedScopes
            if let tkn {
                guard let login = try core.store.stepUp(token: tkn, now: now, in: db), login.stage == .login else {
                    throw APIError.invalidGrant("Invalid or expired step-up tkn")
                }
                try core.store.deleteStepUp(token: tkn, in: db)
                (accountId, generation) = (login.accountId, login.state.sessionGeneration)
            } else if let bearer {
                let auth = try sessions.authenticate(bearer, in: db)
                (accountId, generation) = (auth.account.id, auth.account.sessionGeneration)
                // A session's step-up refreshes its login; it does not widen what the session may
                // do, but for `mfa`, which the second factor it proves is what grants.
                scopes = scopes.filter { auth.access.scope.contains($0) || $0 == ServerConfiguration.mfaScope }
                if scopes.isEmpty { scopes = ["openid"] }
            } else {
                throw APIError.invalidRequest("A tkn or an access token is required", field: "tkn", code: "required")
            }
            var state = StepUpState(
                sessionGeneration: generation, codeChallenge: challenge, redirectURI: redirectURI, scope: scopes.joined(separator: " "),
                action: action)
            state.browser = browser.map(S256.of)
            try core.store.insertStepUp(
                .init(
                    token: token, accountId: accountId, stage: .started, state: state,
                    expiresAt: now + core.configuration.lifetimes.challenge),
                in: db)
            let factors = try core.store.mfaCredentials(accountId: accountId, in: db).map(\.type)
            return (token, MfaFactor.allCases.filter(factors.contains))
        }
    }

    /// `passwordless/start` with `step_up`: a code to the account's `authType` factor; returns the
    /// challenge the code is verified against (the outbox message names it too).
    func startChallenge(stepUp token: String, authType: String?, clientId: String?, redirectURI: String?) async throws -> String {
        try core.configuration.requireClient(clientId)
        _ = try CallbackRule.required(redirectURI, field: "redirect_uri", in: core.configuration)
        guard let factor = authType.flatMap(MfaFactor.init(rawValue:)) else {
            throw APIError.invalidRequest("auth_type must be email or sms with a step_up", field: "auth_type")
        }
        let core = self.core
        let challengeId = core.secrets.token()
        let now = core.now
        try await core.store.transaction { db in
            guard var stepUp = try core.store.stepUp(token: token, now: now, in: db), stepUp.stage == .started else {
                throw APIError.invalidGrant("Invalid or expired step_up token")
            }
            guard let account = try core.store.account(id: stepUp.accountId, in: db),
                let target = try core.store.mfaCredentials(accountId: account.id, in: db).first(where: { $0.type == factor })?.target
            else {
                throw APIError.invalidRequest("The account has no \(factor.rawValue) MFA credential", field: "auth_type", code: "not_found")
            }
            try core.store.deleteStepUp(token: token, in: db)
            stepUp.challengeId = challengeId
            stepUp.state.factor = factor
            stepUp.state.target = target
            try core.store.insertStepUp(stepUp, in: db)
            // The code is bound to this challenge: a code sent for another step-up of the same
            // account does not answer it.
            try CodeDelivery.send(
                .mfaStepUp, to: account, target: target, channel: factor == .email ? .email : .sms, subject: "Your verification code",
                text: "Your verification code is", linkBase: nil, data: .object(["challenge_id": .string(challengeId)]),
                challengeId: challengeId, core: core, in: db)
        }
        return challengeId
    }

    /// `passwordless/verify` with `challenge_id`: the code, used up, ends the step-up with an
    /// authorization code bound to its PKCE challenge (the login completes, and is counted,
    /// here: ``LoginCompletion``); `trustDevice` also trusts this device (its cookie returned).
    /// `browser`: the hosted login page's step-up, finished by the page of the browser whose
    /// token started it (any other step-up, or another browser, is a wrong code there), which goes
    /// on to `/oauth/authorize` with a `tkn` (returned in place of the code). Without it, a
    /// step-up the page started cannot be finished here either.
    func verifyChallenge(_ challengeId: String, code: String?, trustDevice: Bool, userAgent: String?, browser: String? = nil)
        async throws -> (code: String, trustedDeviceCookie: String?)
    {
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let core = self.core
        let cookie = trustDevice ? core.secrets.token() : nil
        let now = core.now
        let authorizationCode = try await core.store.transaction { db -> String in
            guard let stepUp = try core.store.stepUp(challengeId: challengeId, now: now, in: db),
                let target = stepUp.state.target, let challenge = stepUp.state.codeChallenge, let redirectURI = stepUp.state.redirectURI,
                let account = try core.store.account(id: stepUp.accountId, in: db)
            else { throw APIError.invalidVerificationCode }
            // The page's step-ups are its own: bound to the browser that started them, both ways.
            guard Self.sameBrowser(stepUp.state.browser, browser) else { throw APIError.invalidVerificationCode }
            guard stepUp.state.sessionGeneration == nil || stepUp.state.sessionGeneration == account.sessionGeneration else {
                throw APIError.invalidGrant("The account's sessions ended since this step-up began; log in again")
            }
            guard
                case .object(let data)? = try core.store.consumeCode(
                    accountId: stepUp.accountId, purpose: .mfaStepUp, target: target, code: code, now: now, in: db),
                data["challenge_id"]?.stringValue == challengeId
            else { throw APIError.invalidVerificationCode }
            try core.store.deleteStepUp(token: stepUp.token, in: db)
            let pending = IdentityStore.AuthorizationCode(
                accountId: account.id, clientId: core.configuration.clientId, redirectURI: redirectURI, codeChallenge: challenge,
                scope: stepUp.state.scope ?? "", nonce: nil, authTime: now, authType: LoginMethod.mfa.rawValue,
                expiresAt: now + core.configuration.lifetimes.authorizationCode)
            let value: String
            switch try logins.complete(account, method: .mfa, grant: browser != nil ? .tkn : .authorizationCode(pending), in: db) {
            case .authorizationCode(let code), .tkn(let code): value = code
            case .stepUpRequired: throw APIError.invalidGrant("The step-up could not complete")
            }
            if let cookie {
                var metadata: [String: JSONValue] = ["device_class": .string("mobile")]
                if let userAgent { metadata["user_agent"] = .string(String(userAgent.prefix(512))) }
                try core.store.insertTrustedDevice(
                    .init(
                        id: core.secrets.hexId(), accountId: account.id,
                        createdAt: now,
                        expiresAt: now + core.configuration.mfa.trustedDeviceDays * 86_400, metadata: .object(metadata)),
                    cookie: cookie, in: db)
            }
            return value
        }
        return (authorizationCode, cookie)
    }

    /// Where a started challenge's code went (the hosted page names it, masked); nil when the
    /// challenge is unknown or over.
    func challengeTarget(_ challengeId: String) async throws -> String? {
        let core = self.core
        return try await core.store.reading { db in try core.store.stepUp(challengeId: challengeId, now: core.now, in: db)?.state.target }
    }

    /// A code started for one browser's hosted page (`kept`: S256 of its page token) is finished
    /// only by that browser's page (`presented`: its token); one started elsewhere only elsewhere.
    static func sameBrowser(_ kept: String?, _ presented: String?) -> Bool {
        switch (kept, presented) {
        case (nil, nil): return true
        case (let kept?, let presented?): return constantTimeEquals(Array(kept.utf8), Array(S256.of(presented).utf8))
        default: return false
        }
    }
}
