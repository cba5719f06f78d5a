import Logging

/// What the console shows and changes: the operator's services, the server's configuration,
/// store and clock, the emulator's faults and journal, the recent tokens and the keys that verify
/// them, and the token every console form carries back. The console is the operator's view of
/// the whole emulator, so it is handed all of these, and nothing of the ReachFive API's routes.
struct ConsoleSite: Sendable {
    let console: EmulatorConsole
    let mfa: Mfa
    let core: ServiceCore
    let faults: FaultPlan
    let journal: RequestJournal
    let recentTokens: RecentTokens
    let signingKeys: SigningKeys
    /// What every console form must carry back (with a same-origin check): a per-process secret.
    let consoleToken: String
    let serverNames: ServerNames
    let providers: EmulatedProviders

    var configuration: ServerConfiguration { core.configuration }
    var store: IdentityStore { core.store }
    var clock: ServerClock { core.clock }
    var now: Int64 { core.now }
    var baseURL: String { core.baseURL }
    var allowedOrigins: [String] { core.allowedOrigins }
}
