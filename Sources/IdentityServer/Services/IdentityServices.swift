import HTTPServing
import JOSE

/// Every service of the server, each built once at start-up with only what it uses. The router
/// hands each route group the services it calls (Application+build.swift); nothing reaches a
/// service any other way.
struct IdentityServices: Sendable {
    let core: ServiceCore
    let sessions: Sessions
    let logins: LoginCompletion
    let grants: OAuthGrants
    let accounts: Accounts
    let verification: Verification
    let mfa: Mfa
    let passkeys: Passkeys
    let emulator: EmulatorControl
    let console: EmulatorConsole
    let providers: EmulatedProviders
    let sessionDevices: SessionDevices

    init(
        core: ServiceCore, tokens: TokenIssuer, passwords: PasswordHasher, recentTokens: RecentTokens, appleKeys: JWKSet?,
        snapshots: SnapshotFolder, providers: EmulatedProviders, stopping: StopNotice
    ) {
        self.core = core
        sessions = Sessions(core: core, tokens: tokens)
        logins = LoginCompletion(core: core, sweeper: GrantSweeper(store: core.store))
        grants = OAuthGrants(
            core: core, tokens: tokens, logins: logins, recentTokens: recentTokens, appleKeys: appleKeys, providers: providers)
        accounts = Accounts(core: core, passwords: passwords, sessions: sessions, logins: logins, grants: grants)
        verification = Verification(core: core, sessions: sessions, logins: logins)
        mfa = Mfa(core: core, sessions: sessions, logins: logins)
        passkeys = Passkeys(core: core, sessions: sessions, logins: logins)
        emulator = EmulatorControl(core: core, passwords: passwords, snapshots: snapshots, mfa: mfa, stopping: stopping)
        console = EmulatorConsole(core: core, recentTokens: recentTokens)
        self.providers = providers
        sessionDevices = SessionDevices(core: core, sessions: sessions)
    }
}
