import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks that a tunnel service answers at `--tunnel` before the phone starts waiting for a QR
/// code: a wrong port would otherwise show only when the laptop runs, after the wait.
enum TunnelProbe {
    /// Any HTTP answer (the service answers a plain GET with 404) means something listens there;
    /// no answer within 10 s, or a refused connection, is exit 1 naming the address.
    static func check(_ tunnel: URL) throws {
        var components = URLComponents(url: tunnel, resolvingAgainstBaseURL: false)
        components?.scheme = "http"
        components?.path = "/"
        guard let url = components?.url else { throw CommandFailure(.usage, "--tunnel \(tunnel.absoluteString) is not a tunnel address") }
        let result = runBlocking {
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            _ = try await session.data(for: URLRequest(url: url, timeoutInterval: 10))
        }
        if case .failure(let error) = result {
            throw CommandFailure(
                .failed,
                "no tunnel service at \(tunnel.absoluteString) (\(error.localizedDescription)): start `latchkey hybrid tunnel` and pass the tunnel-url it prints"
            )
        }
    }
}
