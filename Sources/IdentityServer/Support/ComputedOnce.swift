import Synchronization

/// A value computed by its first reader and kept: a document fixed for the server's lifetime
/// (the OIDC discovery document, the JWKS), built on the first request that needs it rather
/// than on every one, and not at start-up, where nothing may need it.
final class ComputedOnce<Value: Sendable>: Sendable {
    private let state = Mutex<Value?>(nil)
    private let make: @Sendable () throws -> Value

    init(_ make: @escaping @Sendable () throws -> Value) { self.make = make }

    /// The value, computed now if no reader has yet; a failed computation is tried again by the
    /// next reader.
    func value() throws -> Value {
        try state.withLock { kept in
            if let kept { return kept }
            let made = try make()
            kept = made
            return made
        }
    }
}
