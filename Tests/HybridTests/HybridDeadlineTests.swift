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
    /// Runs `body`, or records that it was still running after `limit` (and gives up on it).
    func finishes(within limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async -> (any Error)?? {
        await withTaskGroup(of: (any Error)??.self) { group in
            group.addTask {
                do {
                    try await body()
                    return .some(nil)
                } catch { return .some(error) }
            }
            group.addTask {
                try? await Task.sleep(for: limit) // cancelled: the body finished first
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
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
