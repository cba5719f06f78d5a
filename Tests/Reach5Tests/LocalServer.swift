import Foundation
import Hummingbird
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
    let env: ServerEnvironment
    let baseURL: URL
    private let task: Task<Void, Error>

    /// - Parameter appleKeys: the JWKS of the keychain whose Sign in with Apple tokens the server
    ///   should trust (each headless keychain has its own emulated Apple issuer).
    static func start(appleKeys: String? = nil, adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> LocalServer {
        var configuration = ServerConfiguration()
        configuration.passwordHashLogN = 10
        configuration.emulatorAPI = true
        configuration.apple.jwks = appleKeys
        adjust(&configuration)
        for _ in 0..<5 {
            let port = try LoopbackPort.free()
            let base = "http://127.0.0.1:\(port)"
            let env = try ServerEnvironment(configuration: configuration, store: try IdentityStore.inMemory(), baseURL: base)
            let (ready, continuation) = AsyncStream.makeStream(of: Bool.self)
            let app = IdentityServerApplication.application(environment: env, host: "127.0.0.1", port: port, logLevel: .critical) { _ in
                continuation.yield(true)
            }
            let task = Task {
                do { try await app.run() } catch {
                    continuation.yield(false)
                    throw error
                }
                continuation.yield(false)
            }
            var started = false
            for await value in ready {
                started = value
                break
            }
            if started { return LocalServer(env: env, baseURL: URL(string: base)!, task: task) }
            task.cancel()
        }
        throw URLError(.cannotConnectToHost)
    }

    private init(env: ServerEnvironment, baseURL: URL, task: Task<Void, Error>) {
        self.env = env
        self.baseURL = baseURL
        self.task = task
    }

    func stop() async {
        task.cancel()
        _ = await task.result
        env.removeTemporarySnapshots()
    }

    /// The SDK configured as an app would be, with the base-URL override this facade adds.
    func reachFive(recorder: WireRecorder? = nil) -> ReachFive {
        ReachFive(sdkConfig: SdkConfig(domain: "localhost", clientId: env.configuration.clientId, baseURL: baseURL), recorder: recorder)
    }

    /// The latest code sent to `address` (from the emulator's outbox, as a test reads it).
    func lastCode(to address: String) async throws -> String {
        let url = baseURL.appendingPathComponent("/emulator/v1/outbox")
        var c = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        c.queryItems = [URLQueryItem(name: "to", value: address)]
        let (data, _) = try await URLSession.shared.data(from: c.url!)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let messages = object?["messages"] as? [[String: Any]] ?? []
        return try XCTUnwrap(messages.last?["code"] as? String, "no code sent to \(address)")
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
