import Foundation
import Hybrid

/// Checks that a tunnel service answers at `--tunnel` before the phone starts waiting for a QR
/// code: a wrong port would otherwise show only when the laptop runs, after the wait.
enum TunnelProbe {
    /// The service's radio must open within `seconds` (at most 10: the command's own timeout
    /// when shorter); a refused connection or no answer in time is exit 1 naming the address.
    static func check(_ tunnel: URL, within seconds: Double = 10) async throws {
        let budget = min(10, seconds)
        do { try await TunnelServiceProbe.check(tunnel, within: budget) } catch {
            throw CommandFailure(
                .failed,
                "no tunnel service at \(tunnel.absoluteString) (\(error)): start `latchkey hybrid tunnel` and pass the tunnel-url it prints"
            )
        }
    }
}
