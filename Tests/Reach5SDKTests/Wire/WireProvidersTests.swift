import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The providers' requests against what the 11.0.0 SDK sends, read from its source:
/// ReachFiveApi.swift (`createUrl` adds platform=ios and sdk; `providersConfigs(variants:)` is
/// `GET /api/v1/providers` with each creator's `name=variant`, nil variants dropped;
/// `buildAuthorizeURL`), ReachFiveLogin.swift (`authorizeParams`: client_id, response_type,
/// redirect_uri, scope, code_challenge, code_challenge_method, origin; plus provider, state, nonce
/// in `buildAuthorizeURL`), ReachFiveWebviewLogin.swift and models/requests/AuthCodeRequest.swift
/// (`POST /oauth/token`: client_id, code, grant_type, redirect_uri, code_verifier).
final class WireProvidersTests: XCTestCase {
    private func query(_ sent: WireRecorder.Sent) -> [String: String] {
        let items = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    func testInitializeAsksForProvidersWithTheCreatorsVariants() async throws {
        let server = try await LocalIdentityServer.start()
        let recorder = WireRecorder()
        let reachfive = ReachFive(
            sdkConfig: server.sdkConfig(), providersCreators: [AppleProvider(variant: "natif"), WebProvider(name: .google)],
            recorder: recorder)
        _ = try await reachfive.initialize()
        await server.stop()
        let providers = try XCTUnwrap(recorder.requests.first { $0.url.path == "/api/v1/providers" })
        XCTAssertEqual(providers.method, "GET")
        XCTAssertNil(providers.body)
        XCTAssertEqual(query(providers), ["platform": "ios", "sdk": "11.0.0", "apple": "natif"], "google's nil variant is dropped")
    }

    func testWebviewLoginAuthorizeQuery() async throws {
        let server = try await LocalIdentityServer.start()
        let recorder = WireRecorder()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        _ = try await reachfive.initialize()
        let window = try HeadlessPresentation.ephemeral()
        _ = try? await reachfive.webviewLogin(
            WebviewLoginRequest(state: "s", nonce: "n", scope: ["openid"], presentationContextProvider: window, provider: "google:web"))
        await server.stop()
        // The first page the browser opens (it goes on to the provider's page and back).
        let authorize = try XCTUnwrap(recorder.requests.first { $0.url.path == "/oauth/authorize" })
        XCTAssertEqual(authorize.method, "GET")
        XCTAssertNil(authorize.body)
        var q = query(authorize)
        XCTAssertEqual(q.removeValue(forKey: "code_challenge")?.count, 43)
        XCTAssertEqual(
            q,
            [
                "platform": "ios", "sdk": "11.0.0", "client_id": server.sdkConfig().clientId, "response_type": "code",
                "redirect_uri": server.sdkConfig().redirectUri.absoluteString, "scope": "openid", "code_challenge_method": "S256",
                "provider": "google:web", "state": "s", "nonce": "n",
            ], "origin absent when nil")
    }

    func testAuthWithCodeBody() async throws {
        let server = try await LocalIdentityServer.start()
        let recorder = WireRecorder()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        let pkce = Pkce.generate()
        _ = try? await reachfive.authWithCode(code: "abc", pkce: pkce)
        await server.stop()
        let token = try XCTUnwrap(recorder.requests.last)
        XCTAssertEqual("\(token.method) \(token.url.path)", "POST /oauth/token")
        XCTAssertEqual(token.headers["Content-Type"], "application/json")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: token.body ?? Data()) as? [String: String])
        XCTAssertEqual(
            body,
            [
                "client_id": server.sdkConfig().clientId, "code": "abc", "grant_type": "authorization_code",
                "redirect_uri": server.sdkConfig().redirectUri.absoluteString, "code_verifier": pkce.codeVerifier,
            ])
    }
}
