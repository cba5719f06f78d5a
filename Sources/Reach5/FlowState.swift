import Foundation

/// The PKCE a passwordless start or a password login's step-up leaves for the code exchange that
/// ends it: kept in the instance's `storage` under `pkceKey`, as the SDK keeps it (one at a time;
/// a new start replaces it).
struct FlowState {
    let storage: Storage
    let key: String

    var pendingPKCE: PKCE? {
        get {
            let kept: Pkce? = storage.get(key: key)
            return kept?.pair
        }
        nonmutating set {
            if let newValue { storage.save(key: key, value: Pkce(codeVerifier: newValue.verifier)) } else { storage.clear(key: key) }
        }
    }

    /// The pending PKCE, removed (a code exchange spends it).
    func takePKCE() -> PKCE? {
        let kept: Pkce? = storage.take(key: key)
        return kept?.pair
    }
}

extension ReachFive {
    /// The flows' pending PKCE, in `storage`.
    var flowState: FlowState { FlowState(storage: storage, key: pkceKey) }
}
