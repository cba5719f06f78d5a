import Foundation
import LatchkeyCrypto
import Picker
import TestSupport
import Testing

@testable import Hybrid

/// Both hybrid roles against a service that accepts TCP and never answers the WebSocket upgrade:
/// each ends with its timeout, because cancellation closes the socket (an upgrade in progress
/// does not see a cancelled task by itself).
@Suite struct HybridDeadlineTests {
    /// Runs `body` and returns how it ended, or nil when it was still running after `limit`.
    /// The body runs unstructured and is only cancelled, never awaited, once the limit passes: a
    /// body that ignores cancellation (the regression these tests catch) fails the test instead
    /// of hanging it, as a task group that waits for its children would.
    func finishes(within limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async -> (any Error)?? {
        let first = FirstOutcome()
        let work = Task {
            do {
                try await body()
                first.settle(.some(nil))
            } catch { first.settle(.some(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            first.settle(nil)
        }
        let outcome = await first.value
        work.cancel()
        timer.cancel()
        return outcome
    }

    @Test func theLaptopTimesOutAgainstASilentService() async throws {
        let silent = try SilentListener()
        let tunnel = try #require(URL(string: "ws://127.0.0.1:\(silent.port)"))
        let outcome = await finishes(within: .seconds(60)) {
            _ = try await HybridLaptopTunnel.exchange(
                [0x02], tunnel: tunnel, secret: SystemRandom.bytes(16), identity: try P256PrivateKey.generate(), timeout: 1)
        }
        guard case .some(.some(HybridError.timedOut)) = outcome else {
            Issue.record("the laptop did not end with its timeout: \(String(describing: outcome))")
            return
        }
    }

    @Test func thePhoneTimesOutAgainstASilentService() async throws {
        let silent = try SilentListener()
        let tunnel = try #require(URL(string: "ws://127.0.0.1:\(silent.port)"))
        let device = try Device()
        let qr = HybridQRPayload(
            identityKey: try P256PrivateKey.generate().publicKey, secret: SystemRandom.bytes(16), knownDomains: 1,
            timestamp: Int(Date().timeIntervalSince1970), stateAssisted: false, hint: .getAssertion)
        let phone = HybridPhone(picker: device.picker, user: PolicyUserDriver(.first), timeout: 1)
        let outcome = await finishes(within: .seconds(60)) { _ = try await phone.answer(qr, tunnel: tunnel) }
        guard case .some(.some(HybridError.timedOut)) = outcome else {
            Issue.record("the phone did not end with its timeout: \(String(describing: outcome))")
            return
        }
    }
}

/// The first of the body's end and the deadline, for ``HybridDeadlineTests/finishes(within:_:)``.
private final class FirstOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: (any Error)???
    private var waiter: CheckedContinuation<(any Error)??, Never>?

    func settle(_ value: (any Error)??) {
        let resume: CheckedContinuation<(any Error)??, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = .some(value)
            defer { waiter = nil }
            return waiter
        }
        resume?.resume(returning: value)
    }

    var value: (any Error)?? {
        get async {
            await withCheckedContinuation { continuation in
                let ready: (any Error)??? = lock.withLock {
                    if outcome == nil { waiter = continuation }
                    return outcome
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
