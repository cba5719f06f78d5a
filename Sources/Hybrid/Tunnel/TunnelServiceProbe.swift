import Foundation

/// Whether a tunnel service answers at a URL: its radio WebSocket opens within the deadline.
/// A wrong `--tunnel` then shows before a phone starts waiting for a QR code, and a service that
/// accepts TCP but never answers is found out at the deadline, not after the OS gives up.
public enum TunnelServiceProbe {
    public static func check(_ tunnel: URL, within seconds: Double) async throws {
        try await withTimeout(seconds, "the tunnel service at \(tunnel.absoluteString) did not answer within \(Int(seconds)) s") {
            try await WebSocketClient.withSession(tunnel.appendingPathComponent("radio")) { radio in await radio.close() }
        }
    }
}
