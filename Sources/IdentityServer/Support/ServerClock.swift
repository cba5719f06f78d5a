import Foundation
import Synchronization

/// The server's one clock. Every expiry (tkn, authorization code, access and refresh tokens,
/// WebAuthn challenges, verification codes) reads it, so a test can move time forward through
/// `POST /emulator/v1/clock` instead of sleeping.
public final class ServerClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)
    private let base: @Sendable () -> Date

    /// - Parameter base: the underlying time source (the system clock unless a test pins one).
    public init(base: @escaping @Sendable () -> Date = { Date() }) { self.base = base }

    public var now: Date { base().addingTimeInterval(offset.withLock { $0 }) }
    /// Whole seconds since 1970, the unit every stored expiry uses.
    public var nowSeconds: Int64 { Int64(now.timeIntervalSince1970.rounded(.down)) }
    public var advancedBy: TimeInterval { offset.withLock { $0 } }

    public func advance(seconds: TimeInterval) { offset.withLock { $0 += seconds } }
    public func reset() { offset.withLock { $0 = 0 } }
}
