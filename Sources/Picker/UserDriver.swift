import Authenticator
import Synchronization

/// Stands in for the person in front of the sheet.
public protocol UserDriver: AnyObject, Sendable {
    /// Asynchronous, and cancellable where it waits: a person may take their time.
    func choose(_ sheet: Sheet) async throws -> UserDecision
    /// What happens when the authenticator asks this user for biometrics or a passcode.
    var userVerification: UserVerificationOutcome { get }
}

public enum UserDriverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A scripted user was asked more often than the script allows: a test mistake, never a cancel.
    case scriptExhausted(sheet: [String])
    case noMatch(String)

    public var description: String {
        switch self {
        case .scriptExhausted(let lines): return "the user script ran out; the sheet was:\n" + lines.joined(separator: "\n")
        case .noMatch(let what): return "the user policy matched nothing: \(what)"
        }
    }
}

/// A rule: `first`, `cancel`, `user:NAME`, `index:N`, `kind:passkey|password|apple`.
public final class PolicyUserDriver: UserDriver, Sendable {
    public enum Policy: Equatable, Sendable {
        case first, cancel
        case user(String)
        case index(Int)
        case kind(Sheet.Kind)
        /// "Use a passkey from a nearby device" (`kind:hybrid`).
        case nearbyDevice
    }
    public let policy: Policy
    public let userVerification: UserVerificationOutcome
    /// What concurrent calls record (one driver may answer several pickers at once).
    private let seen = Mutex<(sheets: [Sheet], unmatched: Sheet?)>(([], nil))
    /// Every sheet this driver was shown, in order.
    public var sheetsSeen: [Sheet] { seen.withLock { $0.sheets } }
    /// The last sheet on which a `user:`, `index:` or `kind:` policy found nothing to pick, so
    /// the user canceled: a caller can tell that apart from a deliberate `cancel`.
    public var unmatchedSheet: Sheet? { seen.withLock { $0.unmatched } }

    public init(_ policy: Policy, userVerification: UserVerificationOutcome = .verified) {
        self.policy = policy
        self.userVerification = userVerification
    }

    /// Parses the CLI's `--choose` grammar.
    public init(parsing text: String, userVerification: UserVerificationOutcome = .verified) throws {
        self.userVerification = userVerification
        switch text {
        case "first": policy = .first
        case "cancel": policy = .cancel
        case _ where text.hasPrefix("user:"): policy = .user(String(text.dropFirst(5)))
        case _ where text.hasPrefix("index:"):
            guard let n = Int(text.dropFirst(6)), n >= 0 else { throw UserDriverError.noMatch("index must be a number: \(text)") }
            policy = .index(n)
        case "kind:hybrid": policy = .nearbyDevice
        case _ where text.hasPrefix("kind:"):
            guard let k = Sheet.Kind(rawValue: String(text.dropFirst(5))) else {
                throw UserDriverError.noMatch("kind must be passkey, password, apple or hybrid")
            }
            policy = .kind(k)
        default:
            throw UserDriverError.noMatch(
                "unknown choice '\(text)' (first, cancel, user:NAME, index:N, kind:passkey|password|apple|hybrid)")
        }
    }

    public func choose(_ sheet: Sheet) async throws -> UserDecision {
        seen.withLock { $0.sheets.append(sheet) }
        let pick: Sheet.Entry?
        switch policy {
        case .cancel: return .cancel
        case .first: pick = sheet.entries.first
        case .user(let name): pick = sheet.entries.first { $0.username == name }
        case .index(let n): pick = sheet.entries.first { $0.index == n }
        case .kind(let k): pick = sheet.entries.first { $0.kind == k }
        case .nearbyDevice:
            if sheet.options.contains(where: {
                if case .nearbyDevice = $0 { return true }
                return false
            }) {
                return .useNearbyDevice
            }
            pick = nil
        }
        if let pick { return .select(index: pick.index) }
        // No local entry fits: accept the sheet's own offer when the policy is permissive.
        if policy == .first || policy == .kind(.apple) {
            if sheet.options.contains(where: {
                if case .signUpWithApple = $0 { return true }
                return false
            }) {
                return .continueWithApple
            }
            if sheet.options.contains(where: {
                if case .createPasskey = $0 { return true }
                return false
            }) {
                return .createPasskey
            }
        }
        if policy != .cancel { seen.withLock { $0.unmatched = sheet } }
        return .cancel
    }
}

/// A queue of decisions, for tests.
public final class ScriptedUserDriver: UserDriver, Sendable {
    /// The decisions left and the sheets shown, taken and recorded together.
    private let state: Mutex<(script: [UserDecision], sheets: [Sheet])>
    public let userVerification: UserVerificationOutcome

    public init(_ script: [UserDecision], userVerification: UserVerificationOutcome = .verified) {
        state = Mutex((script, []))
        self.userVerification = userVerification
    }

    public var remaining: Int { state.withLock { $0.script.count } }
    /// Every sheet this driver was shown, in order.
    public var sheetsSeen: [Sheet] { state.withLock { $0.sheets } }

    public func choose(_ sheet: Sheet) async throws -> UserDecision {
        let next: UserDecision? = state.withLock { state in
            state.sheets.append(sheet)
            return state.script.isEmpty ? nil : state.script.removeFirst()
        }
        guard let next else { throw UserDriverError.scriptExhausted(sheet: sheet.lines) }
        return next
    }
}
