import Dispatch
import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The emulator API and the console wait for the store off the event loops and the Swift pool:
/// while a long transaction holds the store, handlers that need it wait on the server's own
/// Dispatch threads (which Dispatch replaces while they wait), so a route that does not need the
/// store still answers.
final class EmulatorOffLoopTests: XCTestCase {
    func testHandlersWaitingForTheStoreLeaveTheServerAnswering() async throws {
        let server = try await TestServer.start()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let store = server.env.store
        let holder = Task {
            try await store.transaction { _ in
                entered.signal()
                gate.wait()
            }
        }
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                entered.wait()
                done.resume()
            }
        }
        // More waiting handlers than the machine has event-loop or pool threads, each on its own
        // client (URLSession caps connections per host).
        let paths = ["/emulator/v1/accounts", "/", "/console/outbox", "/emulator/v1/outbox", "/emulator/v1/accounts", "/"]
        let waiting = paths.map { path in
            Task { try await HTTPClient(baseURL: server.baseURL).get(path).status }
        }
        // Had they waited on an event loop or a pool thread, this answer would only come once
        // the gate opens (never: the test opens it after).
        var clockStatus = 0
        do { clockStatus = try await HTTPClient(baseURL: server.baseURL).get("/emulator/v1/clock").status } catch {
            XCTFail("the clock did not answer while the store was held: \(error)")
        }
        gate.signal()
        XCTAssertEqual(clockStatus, 200)
        try await holder.value
        for task in waiting {
            let status = try await task.value
            XCTAssertEqual(status, 200)
        }
        await server.stop()
    }
}
