import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Future
import Reach5Testing
import XCTest

/// The reachfive-ios-future 10.0.1 bridge: `bridge(resolver:)` makes a Future of an async call,
/// and code that imports `Reach5Future` gets the Future forms of the async SDK.
final class Reach5FutureBridgeTests: ExampleTestCase {
    func testBridgeResolvesAndFails() async throws {
        let reachfive = AppDelegate.reachfive()
        let providers: Future<[String], ReachFiveError> = bridge { try await reachfive.reinitialize().map(\.name) }
        let names = try await providers.value()
        XCTAssertEqual(names, reachfive.getProviders().map(\.name))

        let failing: Future<Int, ReachFiveError> = bridge { throw ReachFiveError.AuthCanceled }
        do {
            _ = try await failing.value()
            XCTFail("the resolver threw")
        } catch {
            guard case .AuthCanceled = error else { return XCTFail("\(error)") }
        }
        let foreign: Future<Int, ReachFiveError> = bridge { throw CancellationError() }
        do {
            _ = try await foreign.value()
            XCTFail("the resolver threw")
        } catch {
            guard case .TechnicalError = error else { return XCTFail("\(error)") }
        }
    }

    /// The Sandbox's chain over a bridged call: initialize, then log in, recovering from a failure.
    func testBridgedChainRuns() async throws {
        _ = try await server.emulator.createAccount(["email": "john.doe@gmail.com", "password": "UCrcF4RH"])
        let reachfive = AppDelegate.reachfive()
        let token: Future<String, ReachFiveError> = bridge { try await reachfive.initialize().count }
            .flatMap { _ in
                bridge { () async throws -> String in
                    let flow = try await reachfive.loginWithPassword(email: "john.doe@gmail.com", password: "UCrcF4RH")
                    guard case .AchievedLogin(let authToken) = flow else { return "step-up" }
                    return authToken.accessToken
                }
            }
            .recoverWith { error in Future(error: error) }
        let accessToken = try await token.value()
        XCTAssertFalse(accessToken.isEmpty)
        XCTAssertNotEqual(accessToken, "step-up")
    }

    /// The bridge's Future forms join the instance's tracker, as `Reach5`'s own 8.2 forms do:
    /// `settled()` returns only after the callbacks an app registered on them have run.
    func testSettledWaitsForTheBridgesFutureForms() async throws {
        _ = try await server.emulator.createAccount(["email": "bridge@example.com", "password": "UCrcF4RH-bridge"])
        let reachfive = AppDelegate.reachfive()
        let seen = LockedFlag()
        reachfive.loginWithPassword(email: "bridge@example.com", password: "UCrcF4RH-bridge")
            .flatMap { flow -> Future<Profile, ReachFiveError> in
                guard case .AchievedLogin(let token) = flow else { return Future(error: .AuthCanceled) }
                return reachfive.getProfile(authToken: token)
            }
            .onComplete { result in
                if case .success(let profile) = result, profile.email == "bridge@example.com" { seen.set() }
            }
        await reachfive.settled()
        XCTAssertTrue(seen.value, "settled() returned before the bridge's chain completed")
    }
}

/// A flag a callback sets on its queue and the test reads after `settled()`.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}
