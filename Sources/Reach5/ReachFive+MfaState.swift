import Foundation

/// What MFA keeps between calls on one `ReachFive`: the callback an emailed registration link
/// reports to. (The step-up's PKCE is the flows' pending PKCE, `flowState.pendingPKCE`, as the SDK
/// keeps both under one storage key.)
final class MfaState: @unchecked Sendable {
    private let lock = NSLock()
    private var callback: MfaCredentialRegistrationCallback?

    var registrationCallback: MfaCredentialRegistrationCallback? {
        get { lock.withLock { callback } }
        set { lock.withLock { callback = newValue } }
    }
}

extension ReachFive {
    private static let mfaStates = MfaStates()

    /// This instance's MFA state (made on first use, gone with the instance).
    var mfaState: MfaState { Self.mfaStates.state(for: self) }

    var mfaCredentialRegistrationCallback: MfaCredentialRegistrationCallback? {
        get { mfaState.registrationCallback }
        set { mfaState.registrationCallback = newValue }
    }
}

/// One `MfaState` per live `ReachFive`, held beside it (entries of released instances are dropped).
private final class MfaStates: @unchecked Sendable {
    private struct Entry {
        weak var owner: ReachFive?
        let state: MfaState
    }
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func state(for owner: ReachFive) -> MfaState {
        lock.withLock {
            let key = ObjectIdentifier(owner)
            if let entry = entries[key], entry.owner === owner { return entry.state }
            entries = entries.filter { $0.value.owner != nil }
            let state = MfaState()
            entries[key] = Entry(owner: owner, state: state)
            return state
        }
    }
}
