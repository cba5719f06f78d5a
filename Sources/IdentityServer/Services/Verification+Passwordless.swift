import Encoding
import Foundation
import JOSE
import SQLite

/// Passwordless sign-in by email (magic link) or SMS: a code bound to the PKCE challenge and
/// redirect URI given at start, checked, then exchanged for an authorization code.
extension Verification {
    /// How a passwordless code travels, as `auth_type` names it.
    enum PasswordlessKind: String, Sendable {
        case magicLink = "magic_link"
        case sms

        init(_ authType: String?, channel: Outbox.Channel) throws(APIError) {
            let kind = try authType.map { (name) throws(APIError) -> PasswordlessKind in
                guard let kind = PasswordlessKind(rawValue: name) else { throw Self.mismatch }
                return kind
            }
            self = kind ?? (channel == .email ? .magicLink : .sms)
            guard self.channel == channel else { throw Self.mismatch }
        }

        var channel: Outbox.Channel { self == .magicLink ? .email : .sms }

        private static let mismatch = APIError.invalidRequest(
            "auth_type must be magic_link with an email or sms with a phone_number", field: "auth_type")
    }

    /// passwordless/start: a sign-in code to the identifier, for an account created on the spot
    /// when none has it (as ReachFive's passwordless signup does), in one transaction.
    /// `browser`: the hosted login page's code, bound to the page token of the browser that asked
    /// for it (its S256 is kept with the code).
    func startPasswordless(
        _ target: CodeTarget, responseType: String?, kind authType: String?, redirectURI: String?, codeChallenge: String?,
        challengeMethod: String?, state: String?, browser: String? = nil
    ) async throws {
        guard responseType ?? "code" == "code" else { throw APIError.invalidRequest("response_type must be code", field: "response_type") }
        let redirectURI = try CallbackRule.required(redirectURI, field: "redirect_uri", in: core.configuration)
        let challenge = try ProfileInput.required(codeChallenge, "code_challenge", max: 128)
        guard challengeMethod == "S256", Base64URL.decode(challenge)?.count == 32 else {
            throw APIError.invalidRequest("PKCE with code_challenge_method S256 is required", field: "code_challenge_method")
        }
        _ = try PasswordlessKind(authType, channel: target.channel)
        let state = try ProfileInput.limited(state, "state", max: 512) ?? "passwordless"
        let core = self.core
        try await core.store.transaction { db in
            var account = try target.account(core: core, in: db)
            if account == nil {
                var draft = AccountDraft()
                if target.identifier == .email { draft.email = target.value } else { draft.phoneNumber = target.value }
                account = try AccountCreation.insert(draft, core: core, in: db)
            }
            guard let account else { return }
            // The emailed link opens the server (`GET /identity/v1/passwordless/verify`), which
            // checks the code and sends the browser on to the app's redirect URI with an
            // authorization code, as ReachFive's magic link does: the app's URL handler needs
            // `code` (the SDK's interceptPasswordless). `redirect_uri` names where a refused
            // link's error goes; the code's own is kept with it. A hosted page's code is bound to
            // the browser that asked (typed there): a link could only be refused, so none is sent.
            try CodeDelivery.send(
                .passwordless, to: account, target: target.value, channel: target.channel, subject: "Your sign-in link",
                text: "Your sign-in code is", linkBase: browser == nil ? core.baseURL + Self.magicLinkPath : nil,
                linkParameters: ["state": state, "redirect_uri": redirectURI],
                data: .object(
                    ["code_challenge": .string(challenge), "redirect_uri": .string(redirectURI), "state": .string(state)].merging(
                        browser.map { ["browser": .string(S256.of($0))] } ?? [:]
                    ) { $1 }), core: core, in: db)
        }
    }

    /// verify-auth-code: whether the sign-in code is live, without using it up (a wrong one
    /// still spends the guess budget).
    func checkPasswordlessCode(_ target: CodeTarget, code: String?) async throws {
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let core = self.core
        let live = try await core.store.reading { db in
            let account = try target.requireAccount(for: .passwordless, core: core, in: db)
            return try core.store.peekCode(
                accountId: account.id, purpose: .passwordless, target: target.value, code: code, now: core.now, in: db)
        }
        guard live else { throw APIError.invalidVerificationCode }
    }

    /// passwordless/verify: the sign-in code, used up, is a proof of the identifier
    /// (IdentifierProof); the login of the account the prover owns then ends as every login
    /// does (``LoginCompletion``): an authorization code bound to start's PKCE challenge and
    /// redirect URI, or a step-up when the account has a second factor. One transaction.
    /// `browser`: the hosted login page's login, finished by the page of the browser whose token
    /// asked for the code (a code sent for another browser's page, or for an app's PKCE, is a wrong
    /// code there, as the page's code is for an app), which goes on to `/oauth/authorize` with a `tkn`.
    func finishPasswordless(_ target: CodeTarget, code: String?, trustedDevice: String?, browser: String? = nil) async throws
        -> LoginCompletion.Outcome
    {
        try await finishPasswordlessLogin(target, code: code, trustedDevice: trustedDevice, browser: browser).outcome
    }

    /// Where the magic link points: the server, which finishes the login and redirects.
    static let magicLinkPath = "/identity/v1/passwordless/verify"

    /// The magic link, opened in a browser (`GET passwordless/verify` with the emailed
    /// `email`, `verification_code`, `state` and `redirect_uri`): the login finished as
    /// `passwordless/verify` finishes it, then the browser goes to the redirect URI given at
    /// start with `code` and `state` (or `mfa_required` and the step-up `tkn`), or, refused,
    /// to the link's `redirect_uri` with the error (`ClientRedirect`). A `redirect_uri` that is
    /// not an allowed callback URL is a 400 with no redirect.
    func openMagicLink(
        email: String?, code: String?, state: String?, redirectURI: String?, trustedDevice: String?, locale: String, errorId: String?
    ) async throws -> OAuthGrants.AuthorizeRedirect {
        let fallback = try CallbackRule.required(redirectURI, field: "redirect_uri", in: core.configuration)
        let refusedTo = ClientRedirect(
            redirectURI: fallback, state: try ProfileInput.limited(state, "state", max: 512), locale: locale, errorId: errorId)
        let login: PasswordlessLogin
        do {
            let target = CodeTarget(identifier: .email, value: try ProfileInput.email(try ProfileInput.required(email, "email", max: 320)))
            login = try await finishPasswordlessLogin(target, code: code, trustedDevice: trustedDevice, browser: nil)
        } catch {
            guard let refusal = APIError.answer(for: error) else { throw error }
            return refusedTo.refused(refusal)
        }
        // Checked again on the way out: the configuration may have changed since the start.
        let redirect = try CallbackRule.required(login.redirectURI, field: "redirect_uri", in: core.configuration)
        return ClientRedirect(redirectURI: redirect, state: login.state, locale: locale, errorId: errorId)
            .issued(OAuthGrants.IssuedCode(outcome: login.outcome))
    }

    /// A passwordless login finished: its outcome, and the redirect URI and `state` given at start.
    struct PasswordlessLogin: Sendable {
        var outcome: LoginCompletion.Outcome
        var redirectURI: String
        var state: String?
    }

    private func finishPasswordlessLogin(_ target: CodeTarget, code: String?, trustedDevice: String?, browser: String?) async throws
        -> PasswordlessLogin
    {
        let code = try ProfileInput.required(code, "verification_code", max: 64)
        let core = self.core
        let now = core.now
        return try await core.store.transaction { db in
            let account = try target.requireAccount(for: .passwordless, core: core, in: db)
            guard
                case .object(let data)? = try core.store.consumeCode(
                    accountId: account.id, purpose: .passwordless, target: target.value, code: code, now: now, in: db),
                let challenge = data["code_challenge"]?.stringValue, let redirectURI = data["redirect_uri"]?.stringValue,
                Mfa.sameBrowser(data["browser"]?.stringValue, browser)
            else {
                throw APIError.invalidVerificationCode
            }
            let ownerId = try IdentifierProof.claim(
                target.identifier, accountId: account.id, by: .code, proven: target.value, core: core, in: db)
            guard let owner = try core.store.account(id: ownerId, in: db) else { throw APIError.invalidVerificationCode }
            let pending = IdentityStore.AuthorizationCode(
                accountId: owner.id, clientId: core.configuration.clientId, redirectURI: redirectURI, codeChallenge: challenge,
                scope: core.configuration.scopes.joined(separator: " "), nonce: nil, authTime: now, authType: "passwordless",
                expiresAt: now + core.configuration.lifetimes.authorizationCode)
            let outcome = try logins.complete(
                owner, method: target.channel == .email ? .magicLink : .sms, grant: browser != nil ? .tkn : .authorizationCode(pending),
                trustedDevice: trustedDevice, in: db)
            return PasswordlessLogin(outcome: outcome, redirectURI: redirectURI, state: data["state"]?.stringValue)
        }
    }
}
