import Encoding
import Foundation
import HTTPServing
import JOSE
import LatchkeyCrypto
import Logging
import SQLite
import Synchronization

/// The server as `start` assembles it: the store opened, the signing keys loaded or made, the
/// configured users seeded, and every service built once (``IdentityServices``), with the
/// emulator's journal, fault plan and the console's token beside them. The router takes what
/// each route group uses from here; no route or service is handed this whole.
public final class ServerEnvironment: Sendable {
    public let configuration: ServerConfiguration
    public let store: IdentityStore
    public let clock: ServerClock
    let secrets: SecretGenerator
    /// The token signing keys (ES256, and RS256 when configured or made before).
    let signingKey: SigningKeys
    let passwords: PasswordHasher
    let journal = RequestJournal()
    let faults = FaultPlan()
    /// The JWTs issued lately, for the console's Tokens page (emulator API on only).
    let recentTokens = RecentTokens()
    /// What every console form must carry back (with a same-origin check): a per-process secret.
    let consoleToken: String
    let appleKeys: JWKSet?
    /// Where the server is reached (`http://127.0.0.1:8080`); the OIDC issuer.
    public let baseURL: String
    let logger: Logger

    public init(
        configuration: ServerConfiguration, store: IdentityStore, baseURL: String, clock: ServerClock = ServerClock(),
        random: any RandomSource = SystemRandom(), logger: Logger = Logger(label: "latchkey.serve"), stopping: StopNotice = StopNotice()
    ) throws {
        self.configuration = configuration
        self.store = store
        self.clock = clock
        let secrets = SecretGenerator(random: random)
        self.secrets = secrets
        self.consoleToken = secrets.token(bytes: 24)
        self.signingKey = try SigningKeys.loadOrCreate(in: store, configuration: configuration)
        self.passwords = PasswordHasher(logN: configuration.passwordHashLogN)
        self.baseURL = baseURL
        self.logger = logger
        snapshots = SnapshotFolder(store: store, random: random)
        store.codeLimits = configuration.limits
        acceptedIssuers = try store.recordIssuer(configuration.issuer ?? baseURL)
        appleKeys = try configuration.apple.issuerKeys()
        let core = ServiceCore(store: store, clock: clock, secrets: secrets, configuration: configuration, baseURL: baseURL)
        services = IdentityServices(
            core: core,
            tokens: TokenIssuer(
                keys: signingKey, idTokenAlgorithm: configuration.idTokenSignedResponseAlg, issuer: configuration.issuer ?? baseURL,
                acceptedIssuers: acceptedIssuers, lifetimes: configuration.lifetimes),
            passwords: passwords, recentTokens: recentTokens, appleKeys: appleKeys, snapshots: snapshots,
            providers: EmulatedProviders(core: core), stopping: stopping)
        try AccountSeeding.seed(configuration.users, into: core, passwords: passwords)
        try services.providers.seed()
    }

    /// Every service, built once here (the route groups get theirs from it).
    let services: IdentityServices
    /// Where `POST /emulator/v1/snapshot` writes.
    let snapshots: SnapshotFolder

    /// The outbox long-polls (`GET /emulator/v1/outbox?wait=…`) waiting in the server now: what
    /// a test waits on before it acts on a poll in progress.
    public var openOutboxPolls: Int { services.emulator.openPolls.current }

    /// Removes an in-memory server's snapshot folder (see ``SnapshotFolder``).
    public func removeTemporarySnapshots() { snapshots.removeIfTemporary() }

    /// The `iss` of new tokens: the configured issuer, else the base URL.
    var issuer: String { configuration.issuer ?? baseURL }
    /// Every issuer this store has signed under (see IssuerRecords).
    let acceptedIssuers: Set<String>
    var tokens: TokenIssuer { services.sessions.tokens }
    var now: Int64 { clock.nowSeconds }
}

extension ServerEnvironment {
    /// The names and origins this server answers to.
    var serverNames: ServerNames { ServerNames(baseURL: baseURL, allowedHosts: configuration.allowedHosts) }
}
