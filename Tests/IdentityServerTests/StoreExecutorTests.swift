import Dispatch
import Foundation
import SQLite
import Testing

@testable import IdentityServer

/// libdispatch's `dispatch_queue_get_label` (the Swift overlay hides it on Linux; nil means the
/// current queue).
@_silgen_name("dispatch_queue_get_label")
private func currentDispatchQueueLabel(_ queue: OpaquePointer?) -> UnsafePointer<CChar>

/// Store work never runs on a Swift-concurrency pool thread (a 2-core box has two): called from
/// one it runs on the store's own queue; called from the server's own threads, in place.
struct StoreExecutorTests {
    static func currentQueueLabel() -> String { String(cString: currentDispatchQueueLabel(nil)) }

    @Test func transactionsRunOnTheStoresOwnQueue() async throws {
        let store = try IdentityStore.inMemory()
        let callerLabel = Self.currentQueueLabel()
        let inside = try await store.transaction { _ in Self.currentQueueLabel() }
        let reading = try await store.reading { _ in Self.currentQueueLabel() }
        #expect(inside == "latchkey.identity-store")
        #expect(reading == "latchkey.identity-store")
        #expect(callerLabel != "latchkey.identity-store")
    }

    /// A request's handler runs on the server's own threads, which may block for a moment: its
    /// transactions run there, without the two hops to the store's queue and back.
    @Test func onTheServersThreadsTransactionsRunInPlace() async throws {
        let store = try IdentityStore.inMemory()
        let (caller, inside, reading) = try await Task(executorPreference: BlockingExecutor.server) {
            (
                Self.currentQueueLabel(), try await store.transaction { _ in Self.currentQueueLabel() },
                try await store.reading { _ in Self.currentQueueLabel() }
            )
        }.value
        #expect(caller == "latchkey.server")
        #expect(inside == "latchkey.server")
        #expect(reading == "latchkey.server")
    }

    @Test func manyConcurrentTransactionsAllComplete() async throws {
        let store = try IdentityStore.inMemory()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<200 { group.addTask { try await store.transaction { _ in i } } }
            return try await group.reduce(0, +)
        }
        #expect(results == (0..<200).reduce(0, +))
    }
}
