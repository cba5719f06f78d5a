import EmulatorClient
import Foundation
import TestSupport
import XCTest

@testable import IdentityServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `IdentityServerApplication.start`: the one start-up behind `latchkey serve`, the demo, the
/// bench and the tests.
final class ServerStartTests: XCTestCase {
    private func configuration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var c = ServerConfiguration()
        c.passwordHashLogN = 10
        c.emulatorAPI = true
        adjust(&c)
        return c
    }

    private func discovery(_ baseURL: String) async throws -> [String: Any] {
        let url = try XCTUnwrap(URL(string: baseURL + "/.well-known/openid-configuration"))
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Port 0: the OS picks the port at bind time, and the issuer is the bound base URL.
    func testPortZeroBindsAFreePortAndTheIssuerNamesIt() async throws {
        let server = try await IdentityServerApplication.start(configuration: configuration(), logLevel: .critical)
        XCTAssertNotEqual(server.port, 0)
        XCTAssertEqual(server.baseURL, "http://127.0.0.1:\(server.port)")
        let document = try await discovery(server.baseURL)
        XCTAssertEqual(document["issuer"] as? String, server.baseURL)
        await server.stop()
    }

    /// A configured issuer is kept whatever port is bound.
    func testAConfiguredIssuerIsKept() async throws {
        let server = try await IdentityServerApplication.start(
            configuration: configuration { $0.issuer = "https://id.example" }, logLevel: .critical)
        let document = try await discovery(server.baseURL)
        XCTAssertEqual(document["issuer"] as? String, "https://id.example")
        await server.stop()
    }

    /// A port another server holds is a typed error naming it, not a crash or a hang.
    func testATakenPortIsAddressInUse() async throws {
        let first = try await IdentityServerApplication.start(configuration: configuration(), logLevel: .critical)
        do {
            let second = try await IdentityServerApplication.start(configuration: configuration(), port: first.port, logLevel: .critical)
            await second.stop()
            XCTFail("a second server bound the same port")
        } catch {
            guard case .addressInUse(let host, let port) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "127.0.0.1")
            XCTAssertEqual(port, first.port)
        }
        await first.stop()
    }

    /// A configuration refused while the server is built (the Apple keys) is `.configuration`,
    /// and the port bound meanwhile is released.
    func testARefusedConfigurationIsAConfigurationError() async throws {
        do {
            let server = try await IdentityServerApplication.start(
                configuration: configuration { $0.apple.jwks = "not a JWKS" }, logLevel: .critical)
            await server.stop()
            XCTFail("the server started with an unreadable JWKS")
        } catch {
            guard case .configuration = error else { return XCTFail("\(error)") }
        }
    }

    /// `stop()` is graceful: an open outbox long-poll ends (it does not hold the stop for its
    /// 60 s), the port is closed afterwards, and a second `stop()` is harmless.
    func testStopEndsALongPollAndClosesThePort() async throws {
        let server = try await IdentityServerApplication.start(configuration: configuration(), logLevel: .critical)
        let emulator = try EmulatorClient(baseURL: server.baseURL)
        let cursor = try await emulator.outboxCursor()
        let started = ContinuousClock.now
        let poll = Task { try await emulator.outbox(afterId: cursor, wait: 60) }
        // The poll is in the server (waiting) before the stop: the stop must end it.
        let waiting = await eventually { server.environment.openOutboxPolls == 1 }
        XCTAssertTrue(waiting, "the long-poll never reached the server")
        await server.stop()
        switch await poll.result {
        case .success(let messages): XCTAssertEqual(messages, [], "the stopped poll answers an empty page")
        case .failure(let error): XCTFail("the poll in progress failed instead of ending: \(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(50), "the stop waited out the poll's 60 s")
        do {
            _ = try await emulator.clock()
            XCTFail("the stopped server still answers")
        } catch {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
        await server.stop()
    }

    /// A store the caller opened is served as is: what one server wrote, the next one over the
    /// same store reads.
    func testAnOpenedStoreIsServedAsIs() async throws {
        let store = try IdentityStore.inMemory()
        let first = try await IdentityServerApplication.start(configuration: configuration(), storage: .store(store), logLevel: .critical)
        try await EmulatorClient(baseURL: first.baseURL).createAccount(["email": "kept@example.com"])
        await first.stop()
        let second = try await IdentityServerApplication.start(configuration: configuration(), storage: .store(store), logLevel: .critical)
        let accounts = try await EmulatorClient(baseURL: second.baseURL).accounts()
        XCTAssertEqual(accounts.map(\.email), ["kept@example.com"])
        await second.stop()
    }
}
