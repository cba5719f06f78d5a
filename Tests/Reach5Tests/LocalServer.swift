import EmulatorClient
import Foundation
import IdentityServer
import Picker
import TestSupport
import XCTest

@testable import Reach5

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `latchkey serve`, in this test process on a loopback port, and a `ReachFive` pointed at it.
final class LocalServer: @unchecked Sendable {
    let running: RunningServer
    let baseURL: URL
    /// The server's emulator API, through the client library an app's tests use.
    let emulator: EmulatorClient
    var env: ServerEnvironment { running.environment }

    /// - Parameter appleKeys: the JWKS of the keychain whose Sign in with Apple tokens the server
    ///   should trust (each headless keychain has its own emulated Apple issuer).
    static func start(appleKeys: String? = nil, adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> LocalServer {
        var configuration = ServerConfiguration()
        configuration.passwordHashLogN = 10
        configuration.emulatorAPI = true
        configuration.apple.jwks = appleKeys
        adjust(&configuration)
        let running = try await IdentityServerApplication.start(configuration: configuration, logLevel: .critical)
        let emulator = try EmulatorClient(baseURL: running.baseURL)
        return LocalServer(running: running, baseURL: emulator.baseURL, emulator: emulator)
    }

    private init(running: RunningServer, baseURL: URL, emulator: EmulatorClient) {
        self.running = running
        self.baseURL = baseURL
        self.emulator = emulator
    }

    func stop() async { await running.stop() }

    /// The SDK configured as an app would be, with the base-URL override this facade adds.
    func reachFive(recorder: WireRecorder? = nil) -> ReachFive {
        ReachFive(sdkConfig: SdkConfig(domain: "localhost", clientId: env.configuration.clientId, baseURL: baseURL), recorder: recorder)
    }

    /// The latest code sent to `address` (from the emulator's outbox, as a test reads it).
    func lastCode(to address: String) async throws -> String {
        try await emulator.latestCode(to: address, timeout: .zero)
    }
}

/// The app's `AppDelegate.reachfive()`, as the seed pages call it; each test sets the instance.
enum AppDelegate {
    nonisolated(unsafe) static var instance: ReachFive!
    static func reachfive() -> ReachFive { instance }
}

/// The outcome a seed example's callbacks report, awaited by the test.
final class Outcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Value, ReachFiveError>?
    let expectation = XCTestExpectation(description: "callback")
    func succeed(_ v: Value) {
        lock.withLock { stored = .success(v) }
        expectation.fulfill()
    }
    func fail(_ e: ReachFiveError) {
        lock.withLock { stored = .failure(e) }
        expectation.fulfill()
    }
    var result: Result<Value, ReachFiveError>? { lock.withLock { stored } }
}
