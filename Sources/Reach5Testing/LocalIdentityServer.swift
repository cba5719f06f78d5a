@_exported import EmulatorClient
@_exported import Encoding
import Foundation
import IdentityServer
@_exported import Reach5

/// The server's settings (client id, rules, providers, lifetimes), as `latchkey serve --config`
/// reads them; `LocalIdentityServer.start(adjust:)` takes them.
public typealias ServerConfiguration = IdentityServer.ServerConfiguration

/// `latchkey serve` inside a test process: an app's `swift test` starts the ReachFive-compatible
/// server on a loopback port and points `ReachFive` at it, with no separately built binary.
/// A product of its own (`Reach5Testing`) so that apps which talk to a running server never build
/// the server's dependencies.
public final class LocalIdentityServer: Sendable {
    private let running: RunningServer
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The server's emulator API (outbox, clock, faults, accounts).
    public let emulator: EmulatorClient
    /// The configuration the server runs with (its client id, rules, providers).
    public let configuration: ServerConfiguration

    /// Starts a server on a free loopback port with the emulator API on and a cheap password hash
    /// (a test is not about scrypt's cost). `adjust` changes anything else before start.
    public static func start(adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> LocalIdentityServer {
        var configuration = ServerConfiguration()
        configuration.passwordHashLogN = 10
        configuration.emulatorAPI = true
        adjust(&configuration)
        let running = try await IdentityServerApplication.start(configuration: configuration, logLevel: .critical)
        let emulator = try EmulatorClient(baseURL: running.baseURL)
        return LocalIdentityServer(running: running, emulator: emulator, configuration: configuration)
    }

    private init(running: RunningServer, emulator: EmulatorClient, configuration: ServerConfiguration) {
        self.running = running
        self.baseURL = emulator.baseURL
        self.emulator = emulator
        self.configuration = configuration
    }

    /// `host:port`, what an app passes as `SdkConfig(domain:)` to reach this server (a loopback
    /// domain with a port is spoken to over http).
    public var domain: String { "\(baseURL.host ?? "127.0.0.1"):\(baseURL.port ?? 80)" }

    /// An `SdkConfig` for this server's client; passkeys use its relying party's origin.
    public func sdkConfig() -> SdkConfig {
        SdkConfig(domain: domain, clientId: configuration.clientId, originWebAuthn: URL(string: "https://\(configuration.rpId)"))
    }

    /// Stops serving; in-flight requests finish first.
    public func stop() async { await running.stop() }
}
