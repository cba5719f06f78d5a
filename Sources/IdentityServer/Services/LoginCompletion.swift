import Foundation
import SQLite

/// How a login's first factor was proven: what `last_login_type` and the tokens' auth type say.
enum LoginMethod: String, Sendable, Codable, CaseIterable {
    case password
    case magicLink = "magic_link"
    case sms
    case passkey = "webauthn"
    case apple
    /// An emulated social provider's login (`/oauth/authorize?provider=google`, …).
    case social
    /// A step-up's second factor, ending a login whose first factor was another method.
    case mfa

    /// The auth type an authorization code of this login carries (`passwordless` for both codes).
    var authType: String { self == .magicLink || self == .sms ? "passwordless" : rawValue }
}

/// The one way a login finishes, whatever proved it (a password, a passwordless code or link, a
/// passkey, an account recovery's passkey, Sign in with Apple, or a step-up's second factor).
/// Inside the caller's transaction it decides, from the account's factors and trusted devices
/// alone, whether the login is complete or needs a step-up (`mfa_required`), and records the
/// login exactly once, when it completes: a login waiting for its second factor is not counted,
/// and its step-up counts it when it ends.
struct LoginCompletion: Sendable {
    let core: ServiceCore
    let sweeper: GrantSweeper

    /// What a completed login is given: a single-use `tkn` for `/oauth/authorize` (password,
    /// passkey), or an authorization code at once (passwordless, Apple, the step-up).
    enum Grant: Sendable {
        case tkn
        case authorizationCode(IdentityStore.AuthorizationCode)
    }

    enum Outcome: Sendable, Equatable {
        case tkn(String)
        case authorizationCode(String)
        /// A second factor is due: the step-up token that stands in for the login's tkn.
        case stepUpRequired(String)
    }

    /// Finishes a login of `account` (as read when its first factor was checked).
    /// - Parameters:
    ///   - trustedDevice: the `r5_trusted_device` cookie the request presented, if any.
    ///   - checkingPassword: the first factor was the password as stored then: a password
    ///     changed since refuses the login as a bad password.
    ///   - newAccount: the account was created by this very request (a signup): it has no
    ///     factor yet, so no step-up can apply.
    ///   - provider: a social login's provider (`google`, …): what the account's
    ///     `last_login_type` then says, as ReachFive names a social login by its provider.
    func complete(
        _ account: Account, method: LoginMethod, grant: Grant, trustedDevice: String? = nil, checkingPassword: Bool = false,
        newAccount: Bool = false, provider: String? = nil, in db: Database
    ) throws -> Outcome {
        let now = core.now
        try sweeper.purgeIfDue(now: now, in: db)
        // A login checked before an owner's proof (its sessions ended) or before a password
        // change cannot finish after it.
        guard let current = try core.store.account(id: account.id, in: db), current.sessionGeneration == account.sessionGeneration,
            !checkingPassword || current.passwordHash == account.passwordHash
        else {
            throw checkingPassword ? APIError.badCredentials : APIError.invalidGrant("The account changed during the login; try again")
        }
        if method != .mfa, !newAccount, try needsStepUp(accountId: account.id, trustedDevice: trustedDevice, now: now, in: db) {
            let token = core.secrets.token()
            try core.store.insertStepUp(
                .init(
                    token: token, accountId: account.id, stage: .login,
                    state: StepUpState(method: method, sessionGeneration: current.sessionGeneration),
                    expiresAt: now + core.configuration.lifetimes.tkn), in: db)
            return .stepUpRequired(token)
        }
        try core.store.recordLogin(accountId: account.id, type: provider ?? method.rawValue, at: now, in: db)
        switch grant {
        case .tkn:
            let tkn = core.secrets.token()
            try core.store.insertTkn(
                tkn, accountId: account.id, authType: method.rawValue, expiresAt: now + core.configuration.lifetimes.tkn, in: db)
            return .tkn(tkn)
        case .authorizationCode(var code):
            let value = core.secrets.token()
            code.accountId = account.id
            code.authTime = now
            code.authType = method.authType
            try core.store.insertCode(value, code, in: db)
            return .authorizationCode(value)
        }
    }

    /// The step-up rule (`mfa.step_up`): `never` never; `always` every login; `when_registered`
    /// a login of an account with a second factor. A trusted device the account trusts (its
    /// cookie, unexpired) skips it.
    private func needsStepUp(accountId: String, trustedDevice: String?, now: Int64, in db: Database) throws -> Bool {
        let settings = core.configuration.mfa
        guard settings.enabled, settings.stepUp != .never else { return false }
        if settings.stepUp == .whenRegistered, try core.store.mfaCredentials(accountId: accountId, in: db).isEmpty { return false }
        if let trustedDevice, try core.store.trustedDevice(cookie: trustedDevice, accountId: accountId, now: now, in: db) != nil {
            return false
        }
        return true
    }
}
