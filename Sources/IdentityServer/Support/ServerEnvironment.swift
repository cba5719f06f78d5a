import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import Logging
import SQLite
import Synchronization

/// What every route handler shares: the configuration, the store, the clock, the source of
/// randomness, the token signer, and the emulator's journal and fault plan.
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
        random: any RandomSource = SystemRandom(), logger: Logger = Logger(label: "latchkey.serve")
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
        snapshotDirectory =
            store.isInMemory
            ? NSTemporaryDirectory() + "latchkey-snapshots-\(getpid())-\(Base64URL.encode(random.bytes(6)))"
            : store.path + ".snapshots"
        store.codeLimits = configuration.limits
        acceptedIssuers = try store.recordIssuer(configuration.issuer ?? baseURL)
        appleKeys = try configuration.apple.issuerKeys()
        try AccountSeeding.seed(configuration.users, into: self)
    }

    /// Where `POST /emulator/v1/snapshot` writes: beside the database file, or a private
    /// temporary folder for an in-memory store.
    let snapshotDirectory: String

    /// Removes an in-memory server's snapshot folder: those files are whole copies of a state
    /// (password hashes, the signing key) that is meant to be gone when the server stops. A
    /// file-backed server's snapshots stay beside its database, as its state does.
    public func removeTemporarySnapshots() {
        guard store.isInMemory else { return }
        // absent when no snapshot was taken; a stopping server has no caller to report a failed removal to
        try? FileManager.default.removeItem(atPath: snapshotDirectory)
    }

    func snapshotPath(_ id: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: snapshotDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return snapshotDirectory + "/" + id + ".sqlite"
    }

    /// When expired grants were last dropped (server clock seconds).
    private let lastPurge = Mutex<Int64>(0)

    /// Drops expired tkns, codes, challenges, refresh tokens and revocations at most once a
    /// minute of server time, so a long-running server's tables do not grow with dead rows.
    func purgeExpiredGrantsIfDue(now: Int64, in db: Database) throws {
        let due = lastPurge.withLock { last in
            guard now - last >= 60 else { return false }
            last = now
            return true
        }
        if due { try store.purgeExpired(now: now, in: db) }
    }

    /// The `iss` of new tokens: the configured issuer, else the base URL.
    var issuer: String { configuration.issuer ?? baseURL }
    /// Every issuer this store has signed under (see IssuerRecords).
    let acceptedIssuers: Set<String>
    var tokens: TokenIssuer {
        TokenIssuer(
            keys: signingKey, idTokenAlgorithm: configuration.idTokenSignedResponseAlg, issuer: issuer, acceptedIssuers: acceptedIssuers,
            lifetimes: configuration.lifetimes)
    }
    var now: Int64 { clock.nowSeconds }
    var allowedOrigins: [String] { configuration.origins(serverBaseURL: baseURL) }

    /// Checks `client_id` against the configured client.
    func requireClient(_ clientId: String?) throws(APIError) {
        guard let clientId, !clientId.isEmpty else {
            throw APIError.invalidRequest("client_id is required", field: "client_id", code: "required")
        }
        guard clientId == configuration.clientId else { throw APIError.invalidClient() }
    }

    /// The requested scopes, as a list; unknown scopes are refused (`invalid_scope`). An empty
    /// request (the SDK sends `scope=""` before `initialize()`) gets `openid` only.
    func scopes(_ requested: String?) throws(APIError) -> [String] {
        let list = (requested ?? "").split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init)
        var seen = Set<String>()
        var out: [String] = []
        for scope in list where seen.insert(scope).inserted {
            guard configuration.scopes.contains(scope) else {
                throw APIError(
                    .badRequest, "invalid_scope", "The scope \(scope) is not allowed for this client", key: .invalidRequest,
                    details: [FieldError(field: "scope", message: "unknown scope \(scope)", code: "invalid_scope")])
            }
            out.append(scope)
        }
        return out.isEmpty ? ["openid"] : out
    }
}
