import Foundation
import XCTest

@_spi(Reach5Future) @testable import Reach5

/// BrightFutures' API on `Future`, as the SDK's Sandbox chains it: each combinator's value, its
/// error path, and the order callbacks run in.
final class FutureCombinatorTests: XCTestCase {
    private let boom = ReachFiveError.AuthFailure(reason: "boom")
    private let later = ReachFiveError.TechnicalError(reason: "later")

    private func reason(_ error: ReachFiveError?) -> String? {
        switch error {
        case .AuthFailure(let reason, _), .TechnicalError(let reason, _): reason
        default: nil
        }
    }

    func testCompletedInitializersAndAccessors() async throws {
        let ok = Future<Int, ReachFiveError>(value: 3)
        XCTAssertTrue(ok.isCompleted)
        XCTAssertTrue(ok.isSuccess)
        XCTAssertEqual(ok.value, 3)
        XCTAssertNil(ok.error)
        let ko = Future<Int, ReachFiveError>(error: boom)
        XCTAssertTrue(ko.isFailure)
        XCTAssertNil(ko.value)
        XCTAssertEqual(reason(ko.error), "boom")
        let fromResult = Future<Int, ReachFiveError>(result: .success(4))
        let four = try await fromResult.value()
        XCTAssertEqual(four, 4)
    }

    func testPromiseFirstCompletionWins() async throws {
        let promise = Promise<String, ReachFiveError>()
        XCTAssertFalse(promise.future.isCompleted)
        XCTAssertNil(promise.future.result)
        promise.success("first")
        XCTAssertFalse(promise.trySuccess("second"))
        XCTAssertFalse(promise.tryFailure(boom))
        XCTAssertFalse(promise.tryComplete(.success("third")))
        promise.failure(boom)
        let value = try await promise.future.value()
        XCTAssertEqual(value, "first")
    }

    func testMapAndKeyPath() async throws {
        let promise = Promise<String, ReachFiveError>()
        let mapped = promise.future.map { $0.count }
        let viaPath = promise.future.map(\.count)
        promise.success("abcd")
        let first = try await mapped.value()
        let second = try await viaPath.value()
        XCTAssertEqual(first, 4)
        XCTAssertEqual(second, 4)
        var called = false
        let failed = Future<String, ReachFiveError>(error: boom).map { v -> Int in
            called = true
            return v.count
        }
        do {
            _ = try await failed.value()
            XCTFail("a failure maps to the same failure")
        } catch { XCTAssertEqual(reason(error), "boom") }
        XCTAssertFalse(called)
    }

    func testFlatMapToFutureAndToResult() async throws {
        let chained = Future<Int, ReachFiveError>(value: 2).flatMap { n in Future<String, ReachFiveError>(value: "n=\(n)") }
        let chainedValue = try await chained.value()
        XCTAssertEqual(chainedValue, "n=2")
        let viaResult = Future<Int, ReachFiveError>(value: 2).flatMap { n -> Result<Int, ReachFiveError> in
            n > 1 ? .failure(self.later) : .success(n)
        }
        do {
            _ = try await viaResult.value()
            XCTFail("the Result's failure fails the Future")
        } catch { XCTAssertEqual(reason(error), "later") }
        let short = Future<Int, ReachFiveError>(error: boom).flatMap { _ in Future<Int, ReachFiveError>(error: self.later) }
        do {
            _ = try await short.value()
            XCTFail("expected failure")
        } catch { XCTAssertEqual(reason(error), "boom", "the first failure wins; the closure never runs") }
    }

    func testRecoverAndRecoverWith() async throws {
        let recovered: Future<Int, Never> = Future<Int, ReachFiveError>(error: boom).recover { _ in 7 }
        let seven = await recovered.value()
        XCTAssertEqual(seven, 7)
        let untouched = await Future<Int, ReachFiveError>(value: 1).recover { _ in 7 }.value()
        XCTAssertEqual(untouched, 1)
        // The Sandbox's pattern: on AuthFailure refresh, otherwise pass the error on.
        let retried = Future<Int, ReachFiveError>(error: boom).recoverWith { error -> Future<Int, ReachFiveError> in
            guard case .AuthFailure = error else { return Future(error: error) }
            return Future(value: 9)
        }
        let nine = try await retried.value()
        XCTAssertEqual(nine, 9)
        let passedOn = Future<Int, ReachFiveError>(error: later).recoverWith { error in Future<Int, ReachFiveError>(error: error) }
        do {
            _ = try await passedOn.value()
            XCTFail("expected failure")
        } catch { XCTAssertEqual(reason(error), "later") }
    }

    func testMapErrorZipFilterAsVoid() async throws {
        struct Wrapped: Error { let inner: String }
        let mapped = Future<Int, ReachFiveError>(error: boom).mapError { Wrapped(inner: $0.message()) }
        do {
            _ = try await mapped.value()
            XCTFail("expected failure")
        } catch let error as Wrapped { XCTAssertEqual(error.inner, "boom") }
        let pair = try await Future<Int, ReachFiveError>(value: 1).zip(Future<String, ReachFiveError>(value: "a")).value()
        XCTAssertEqual(pair.0, 1)
        XCTAssertEqual(pair.1, "a")
        do {
            _ = try await Future<Int, ReachFiveError>(value: 1).filter { $0 > 1 }.value()
            XCTFail("a value that fails the test is noSuchElement")
        } catch let error as BrightFuturesError<ReachFiveError> {
            guard case .noSuchElement = error else { return XCTFail("\(error)") }
        }
        let kept = try await Future<Int, ReachFiveError>(value: 2).filter { $0 > 1 }.value()
        XCTAssertEqual(kept, 2)
        try await Future<Int, ReachFiveError>(value: 2).asVoid().value()
        let all = try await [Future<Int, ReachFiveError>(value: 1), Future(value: 2)].sequence().value()
        XCTAssertEqual(all, [1, 2])
    }

    /// Callbacks registered without a context run one at a time, in registration order, and
    /// `andThen` runs before what is chained after it.
    func testCallbackOrder() async throws {
        let promise = Promise<Int, ReachFiveError>()
        let log = Log()
        let done = expectation(description: "all callbacks")
        done.expectedFulfillmentCount = 4
        promise.future
            .onComplete { _ in log.add("complete") }
            .onSuccess { log.add("success \($0)") }
            .onFailure { _ in log.add("failure") }
        promise.future.andThen { _ in log.add("andThen") }.onSuccess { _ in
            log.add("after andThen")
            done.fulfill()
        }
        promise.future.onComplete { _ in done.fulfill() }.onComplete { _ in done.fulfill() }.onComplete { _ in done.fulfill() }
        promise.success(5)
        await fulfillment(of: [done], timeout: 600)
        XCTAssertEqual(Array(log.entries.prefix(2)), ["complete", "success 5"])
        XCTAssertFalse(log.entries.contains("failure"))
        let andThen = try XCTUnwrap(log.entries.firstIndex(of: "andThen"))
        let after = try XCTUnwrap(log.entries.firstIndex(of: "after andThen"))
        XCTAssertLessThan(andThen, after)
    }

    func testExplicitContextAndLateRegistration() async throws {
        let future = Future<Int, ReachFiveError>(value: 1)
        let ran = expectation(description: "a callback on a completed Future still runs")
        future.onSuccess(DispatchQueue.global().context) { _ in ran.fulfill() }
        await fulfillment(of: [ran], timeout: 600)
        var immediate = false
        future.onSuccess(immediateExecutionContext) { _ in immediate = true }
        XCTAssertTrue(immediate, "the immediate context runs a callback on a completed Future at once")
    }

    /// A ReachFive Future and the Futures chained from it are all awaited by `settled()`.
    func testSettledWaitsForChainedFutures() async throws {
        let reachfive = ReachFive(sdkConfig: SdkConfig(domain: "127.0.0.1:9", clientId: "c"))
        let gate = Promise<Int, ReachFiveError>()
        let log = Log()
        reachfive.future { try await gate.future.value() }
            .map { $0 + 1 }
            .flatMap { Future<Int, ReachFiveError>(value: $0 * 10) }
            .onSuccess { log.add("final \($0)") }
        gate.success(1)
        await reachfive.settled()
        XCTAssertEqual(log.entries, ["final 20"])
    }

    /// The app's own Promise, completed from a ReachFive Future's callback or from its work, is
    /// awaited by `settled()` too: the callbacks the app registered on it have run when it returns.
    func testSettledWaitsForTheAppsOwnPromises() async throws {
        let reachfive = ReachFive(sdkConfig: SdkConfig(domain: "127.0.0.1:9", clientId: "c"))
        let log = Log()
        let fromCallback = Promise<String, ReachFiveError>()
        let fromWork = Promise<String, ReachFiveError>()
        fromCallback.future.onSuccess { value in
            // Still running after the tracked callback that completed the Promise has returned.
            Thread.sleep(forTimeInterval: 0.05)
            log.add(value)
        }
        fromWork.future.onSuccess { log.add($0) }
        let gate = Promise<Int, ReachFiveError>()
        reachfive.future { try await gate.future.value() }.onSuccess { _ in fromCallback.success("callback") }
        reachfive.future { () async throws -> Int in
            _ = try await gate.future.value()
            fromWork.success("work")
            return 0
        }
        gate.success(1)
        await reachfive.settled()
        XCTAssertEqual(Set(log.entries), ["callback", "work"])
    }

    /// Blocking app code still has BrightFutures' forced(), with or without a timeout.
    func testForcedWaitsForTheResultOrItsTimeout() throws {
        let promise = Promise<String, ReachFiveError>()
        Thread.detachNewThread { promise.success("later") }
        XCTAssertEqual(try promise.future.forced().get(), "later")
        XCTAssertNil(Promise<Int, ReachFiveError>().future.forced(.now() + 0.05))
    }
}

private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ entry: String) { lock.withLock { items.append(entry) } }
    var entries: [String] { lock.withLock { items } }
}
