import Encoding
import Foundation

/// `GET|POST /emulator/v1/clock`: the server's time and how far it has been moved.
struct ClockResponse: Encodable, Sendable {
    var now: String
    var advancedSeconds: Double

    enum CodingKeys: String, CodingKey {
        case now
        case advancedSeconds = "advanced_seconds"
    }

    init(_ clock: ServerClock) {
        now = ISO8601DateFormatter().string(from: clock.now)
        advancedSeconds = clock.advancedBy
    }
}

/// `GET /emulator/v1/outbox/polls`: how many outbox long-polls are waiting in the server now.
struct OpenLongPollsResponse: Encodable, Sendable {
    var open: Int
}

/// `GET /emulator/v1/limits`: the code limits and the fresh-login window in force.
struct LimitsResponse: Encodable, Sendable {
    var codesPerIdentifier: Int
    var codeWindowSeconds: Int64
    var wrongCodesPerAccount: Int
    var wrongCodeWindowSeconds: Int64
    var outboxCapacity: Int
    var freshLoginSeconds: Int64

    enum CodingKeys: String, CodingKey {
        case codesPerIdentifier = "codes_per_identifier"
        case codeWindowSeconds = "code_window_seconds"
        case wrongCodesPerAccount = "wrong_codes_per_account"
        case wrongCodeWindowSeconds = "wrong_code_window_seconds"
        case outboxCapacity = "outbox_capacity"
        case freshLoginSeconds = "fresh_login_seconds"
    }

    init(_ configuration: ServerConfiguration) {
        let l = configuration.limits
        codesPerIdentifier = Int(l.codesPerIdentifier)
        codeWindowSeconds = Int64(l.codeWindow)
        wrongCodesPerAccount = Int(l.wrongCodesPerAccount)
        wrongCodeWindowSeconds = Int64(l.wrongCodeWindow)
        outboxCapacity = Int(l.outboxCapacity)
        freshLoginSeconds = Int64(configuration.freshLoginSeconds)
    }
}

/// `/emulator/v1/faults`: the faults still planned.
struct FaultsResponse: Encodable, Sendable {
    struct Fault: Encodable, Sendable {
        var path: String
        var status: Int
        var error: String
        var count: Int
        var delayMilliseconds: Int

        enum CodingKeys: String, CodingKey {
            case path, status, error, count
            case delayMilliseconds = "delay_ms"
        }
    }

    var faults: [Fault]

    init(_ plan: FaultPlan) {
        faults = plan.pending().map {
            Fault(path: $0.path, status: $0.status, error: $0.error, count: $0.remaining, delayMilliseconds: $0.delayMilliseconds)
        }
    }
}

/// `GET /emulator/v1/requests`: the newest journal entries.
struct RequestsResponse: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        var method: String
        var path: String
        var query: String?
        var status: Int
        var durationMilliseconds: Double
        var at: String
        var correlationId: String?

        enum CodingKeys: String, CodingKey {
            case method, path, query, status, at
            case durationMilliseconds = "duration_ms"
            case correlationId = "correlation_id"
        }
    }

    var requests: [Entry]

    init(_ entries: [RequestJournal.Entry]) {
        let f = ISO8601DateFormatter()
        requests = entries.map { e in
            Entry(
                method: e.method, path: e.path, query: e.query.isEmpty ? nil : e.query, status: e.status,
                durationMilliseconds: (e.durationMilliseconds * 1000).rounded() / 1000, at: f.string(from: e.at),
                correlationId: e.correlationId)
        }
    }
}

/// `POST /emulator/v1/snapshot`: the new snapshot's id.
struct SnapshotResponse: Encodable, Sendable {
    var id: String
}

/// `GET /emulator/v1/accounts`: every account's profile claims, each with its passkeys.
struct AccountsResponse: Encodable, Sendable {
    struct Passkey: Encodable, Sendable {
        var id: String
        var friendlyName: String
        var aaguid: String
        var signCount: UInt32
        var backupEligible: Bool
        var backedUp: Bool

        enum CodingKeys: String, CodingKey {
            case id, aaguid
            case friendlyName = "friendly_name"
            case signCount = "sign_count"
            case backupEligible = "backup_eligible"
            case backedUp = "backed_up"
        }
    }

    /// The profile's members (as `/identity/v1/userinfo`'s profile shows them) and `passkeys`.
    struct Entry: Encodable, Sendable {
        var profile: [String: JSONValue]
        var passkeys: [Passkey]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: FieldKey.self)
            for (name, value) in profile { try c.encode(value, forKey: FieldKey(name)) }
            try c.encode(passkeys, forKey: FieldKey("passkeys"))
        }
    }

    var accounts: [Entry]

    init(_ accounts: [(account: Account, passkeys: [IdentityStore.Passkey])]) {
        self.accounts = accounts.map { pair in
            var profile: [String: JSONValue] = [:]
            if case .object(let members) = ProfileClaims.profile(pair.account) { profile = members }
            return Entry(
                profile: profile,
                passkeys: pair.passkeys.map { p in
                    Passkey(
                        id: Base64URL.encode(p.id), friendlyName: p.friendlyName, aaguid: p.aaguid, signCount: p.signCount,
                        backupEligible: p.backupEligible, backedUp: p.backupState)
                })
        }
    }
}

/// `GET /emulator/v1/accounts/{id}/mfa`: the account's second factors, its unexpired trusted
/// devices and how many step-ups are in progress (dates ISO 8601, as the `/mfa/` routes give them).
struct MfaStateResponse: Encodable, Sendable {
    struct Credential: Encodable, Sendable {
        var type: MfaFactor
        var target: String
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case type, target
            case createdAt = "created_at"
        }
    }

    struct TrustedDevice: Encodable, Sendable {
        var id: String
        var createdAt: String
        var expiresAt: String
        var metadata: JSONValue

        enum CodingKeys: String, CodingKey {
            case id, metadata
            case createdAt = "created_at"
            case expiresAt = "expires_at"
        }
    }

    var accountId: String
    var credentials: [Credential]
    var trustedDevices: [TrustedDevice]
    var pendingStepUps: Int

    enum CodingKeys: String, CodingKey {
        case credentials
        case accountId = "account_id"
        case trustedDevices = "trusted_devices"
        case pendingStepUps = "pending_step_ups"
    }

    init(accountId: String, _ state: Mfa.AccountState) {
        self.accountId = accountId
        credentials = state.credentials.map { .init(type: $0.type, target: $0.target, createdAt: MfaRoutes.timestamp($0.createdAt)) }
        trustedDevices = state.trustedDevices.map {
            .init(
                id: $0.id, createdAt: MfaRoutes.timestamp($0.createdAt), expiresAt: MfaRoutes.timestamp($0.expiresAt), metadata: $0.metadata
            )
        }
        pendingStepUps = state.pendingStepUps
    }
}
