import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// `initialize()`'s requests against what the 11.0.0 SDK sends, read from its source:
/// ReachFiveApi.swift (`createUrl` adds `platform=ios` and `sdk=<SdkVersion.current>` to every
/// URL, nil parameters dropped; `clientConfig()` is `GET /identity/v1/config?client_id=…`;
/// `providersConfigs(variants:)` is `GET /api/v1/providers` with the creators' variants), and
/// utils/NetworkClient.swift (one `X-R5-Correlation-Id` per client on every request,
/// `Content-Type: application/json` only with a body). ReachFiveProviders.swift: `initialize()`
/// asks once; `reinitialize()` asks again.
final class WireCoreTests: XCTestCase {
    private func query(_ sent: WireRecorder.Sent) -> [String: String] {
        let items = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    func testInitializeRequests() async throws {
        let server = try await LocalIdentityServer.start()
        let recorder = WireRecorder()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        _ = try await reachfive.initialize() as [Provider]
        _ = try await reachfive.initialize() as [Provider]
        let afterTwo = recorder.requests
        _ = try await reachfive.reinitialize() as [Provider]
        await server.stop()

        XCTAssertEqual(afterTwo.map { "\($0.method) \($0.url.path)" }, ["GET /identity/v1/config", "GET /api/v1/providers"])
        let config = afterTwo[0]
        XCTAssertEqual(query(config), ["platform": "ios", "sdk": "11.0.0", "client_id": server.sdkConfig().clientId])
        XCTAssertNil(config.body)
        let providers = afterTwo[1]
        XCTAssertEqual(query(providers), ["platform": "ios", "sdk": "11.0.0"], "no creators, no variants")
        XCTAssertNil(providers.body)
        for sent in afterTwo {
            XCTAssertEqual(Set(sent.headers.keys), ["X-R5-Correlation-Id"], "no body, no Content-Type; no token")
        }
        let ids = Set(recorder.requests.compactMap { $0.headers["X-R5-Correlation-Id"] })
        XCTAssertEqual(ids.count, 1, "one correlation id per instance")
        XCTAssertNotNil(UUID(uuidString: ids.first ?? ""))
        XCTAssertEqual(recorder.requests.count, 4, "reinitialize() asks again")
    }

    func testAnotherInstanceHasAnotherCorrelationId() async throws {
        let server = try await LocalIdentityServer.start()
        let recorder = WireRecorder()
        _ = try await ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder).initialize() as [Provider]
        _ = try await ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder).initialize() as [Provider]
        await server.stop()
        XCTAssertEqual(Set(recorder.requests.compactMap { $0.headers["X-R5-Correlation-Id"] }).count, 2)
    }
}
