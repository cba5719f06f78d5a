import Foundation

/// What the person at the device answers when it asks for a touch (user presence). The same
/// roles as the picker's user drivers: a policy for tests and CI, a terminal prompt for people.
public protocol UserPresence: Sendable {
    /// Blocks until the user answers; `isCancelled` turns true when the host sends CTAPHID_CANCEL.
    func confirm(_ request: PresenceRequest, isCancelled: @Sendable () -> Bool) -> PresenceAnswer
}

public struct PresenceRequest: Sendable {
    public enum Purpose: String, Sendable { case register, authenticate, reset, select, u2fRegister, u2fAuthenticate }
    public var purpose: Purpose
    public var rpId: String?
    public var userName: String?
}

public enum PresenceAnswer: Sendable, Equatable {
    case confirmed
    case denied
    /// The host cancelled while the device waited.
    case cancelled
    case timedOut
}

/// A fixed answer: `always` touches at once (CI), `never` refuses every touch.
public struct PolicyPresence: UserPresence {
    public let answer: PresenceAnswer
    public init(_ answer: PresenceAnswer) { self.answer = answer }
    public func confirm(_ request: PresenceRequest, isCancelled: @Sendable () -> Bool) -> PresenceAnswer { answer }
    public static let always = PolicyPresence(.confirmed)
    public static let never = PolicyPresence(.denied)
}

/// Answers from a script, one per touch asked for, in order; once it runs out, every further
/// touch is refused (a test that asks more often than it planned fails loudly).
public final class ScriptedPresence: UserPresence, @unchecked Sendable { // answers only under lock
    private let lock = NSLock()
    private var answers: [PresenceAnswer]
    private var asked: [PresenceRequest] = []

    public init(_ answers: [PresenceAnswer]) { self.answers = answers }

    public func confirm(_ request: PresenceRequest, isCancelled: @Sendable () -> Bool) -> PresenceAnswer {
        lock.withLock {
            asked.append(request)
            return answers.isEmpty ? .denied : answers.removeFirst()
        }
    }

    /// Every request the device made, in order.
    public var requests: [PresenceRequest] { lock.withLock { asked } }
}
