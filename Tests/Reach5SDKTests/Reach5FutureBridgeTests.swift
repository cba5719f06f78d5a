import Foundation
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
}
