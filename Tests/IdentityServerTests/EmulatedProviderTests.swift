import Encoding
import Foundation
import JOSE
import XCTest

@testable import IdentityServer

/// The emulated social providers, from the browser's side and the attacker's: discovery and keys,
/// the chooser page, a login that comes back with a code, ReachFive's linking rules for a verified
/// and an unverified email, and what a page elsewhere cannot do (finish a login it started in
/// another browser, post a choice cross-site, send the code to its own redirect URI, reuse a code).
final class EmulatedProviderTests: XCTestCase {
    func testADefaultServerOffersGoogleAndFacebookWithDiscoveryKeysAndTheProvidersList() async throws {
        let server = try await TestServer.start()
        let listed = try await server.client.get("/emulator/v1/providers")
        XCTAssertEqual(listed.json["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["google", "facebook"])
        let issuer = try XCTUnwrap(listed.json["items"]?.arrayValue?.first?["issuer"]?.stringValue)
        XCTAssertEqual(issuer, server.baseURL + "/providers/google")
        let discovery = try await server.client.get("/providers/google/.well-known/openid-configuration")
        XCTAssertEqual(discovery.json["issuer"]?.stringValue, issuer)
        XCTAssertEqual(discovery.json["jwks_uri"]?.stringValue, issuer + "/jwks")
        let keys = try await server.client.get("/providers/google/jwks")
        XCTAssertEqual(try JWKSet(json: keys.body).keys.count, 1)
        // The SDK's provider list names them, so getProvider("google") finds one.
        let sdkList = try await server.client.get("/api/v1/providers?platform=ios&sdk=11.0.0")
        XCTAssertEqual(sdkList.json["items"]?.arrayValue?.compactMap { $0["provider"]?.stringValue }, ["google", "facebook"])
        let unknown = try await server.client.get("/providers/myspace/.well-known/openid-configuration")
        XCTAssertEqual(unknown.status, 404)
        await server.stop()
    }

    func testTheChooserPageListsIdentitiesEscapedAndCannotBeFramed() async throws {
        let server = try await TestServer.start(
            TestServer.configuration {
                $0.providers = [.init(name: "google", identities: [.init(email: "ada@example.com", name: "<b>Ada</b>")])]
            })
        let flows = ProviderFlows(server: server)
        let started = try await flows.start("google")
        let page = try await server.client.get(started.providerAuthorize.path + "?" + (started.providerAuthorize.percentEncodedQuery ?? ""))
        XCTAssertEqual(page.status, 200)
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains(#"data-identity="ada@example.com""#), html)
        XCTAssertTrue(html.contains("&lt;b&gt;Ada&lt;/b&gt;"), html)
        XCTAssertFalse(html.contains("<b>Ada</b>"))
        XCTAssertEqual(page.header("X-Frame-Options"), "DENY")
        XCTAssertTrue(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        await server.stop()
    }

    func testAProviderLoginComesBackWithACodeAndCreatesTheAccountAsTheProviderSaid() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        let tokens = try await flows.login("google", email: "Ada@Example.com")
        let accountId = try ProviderFlows.subject(of: tokens)
        let account = try await server.emulator.accounts().first { $0.uid == accountId }
        XCTAssertEqual(account?.email, "ada@example.com")
        XCTAssertEqual(account?.emailVerified, true)
        // ReachFive names a social login by its provider.
        let profile = try await server.client.get("/identity/v1/userinfo", token: tokens["access_token"]?.stringValue)
        XCTAssertEqual(profile.json["last_login_type"]?.stringValue, "google", "\(profile.json)")
        // The same identity again: the same account, not a new one.
        let again = try await flows.login("google", email: "ada@example.com")
        XCTAssertEqual(try ProviderFlows.subject(of: again), accountId)
        let accounts = try await server.emulator.accounts()
        XCTAssertEqual(accounts.count, 1)
        await server.stop()
    }

    func testAVerifiedEmailLinksTheAccountThatHoldsItAndAnUnverifiedOneNeverTakesItOver() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        let owner = try await server.login(email: "grace@example.com")
        let ownerId = try ProviderFlows.subject(of: owner)
        // Facebook does not vouch for the email: a separate account, without the email.
        let unverified = try await flows.login("facebook", email: "grace@example.com", verified: false)
        let strangerId = try ProviderFlows.subject(of: unverified)
        XCTAssertNotEqual(strangerId, ownerId)
        let stranger = try await server.emulator.accounts().first { $0.uid == strangerId }
        XCTAssertNil(stranger?.email)
        // Google does: the owner's account, linked.
        let verified = try await flows.login("google", email: "grace@example.com")
        XCTAssertEqual(try ProviderFlows.subject(of: verified), ownerId)
        await server.stop()
    }

    func testALoginStartedInAnotherBrowserCannotBeFinishedInThisOne() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        // The attacker starts a login in his own browser and has the provider answer it…
        let started = try await flows.start("google")
        let answer = try await flows.choose(
            started, provider: "google", fields: ["email": "mallory@example.com", "email_verified": "true"])
        // …then has the victim's browser (no binding cookie) follow the callback.
        let victim = HTTPClient(baseURL: server.baseURL)
        let back = try await flows.callback(answer, client: victim)
        XCTAssertEqual(back.status, 302)
        XCTAssertNil(back.query("code"))
        XCTAssertEqual(back.query("error"), "access_denied")
        // The pending login is spent: the attacker's own browser cannot use it either now.
        let replay = try await flows.callback(answer)
        XCTAssertEqual(replay.status, 400)
        await server.stop()
    }

    /// Two provider logins started in one browser (two tabs) each keep their binding: both end
    /// with a code, in either order.
    func testTwoProviderLoginsInOneBrowserBothFinish() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        let first = try await flows.start("google")
        let second = try await flows.start("facebook")
        for (started, provider, email) in [(second, "facebook", "fb@example.com"), (first, "google", "g@example.com")] {
            let answer = try await flows.choose(started, provider: provider, fields: ["email": email, "email_verified": "true"])
            let back = try await flows.callback(answer)
            XCTAssertEqual(back.query("state"), started.state)
            XCTAssertNotNil(back.query("code"), "\(provider): \(back.header("Location") ?? "-")")
        }
        await server.stop()
    }

    func testTheProviderRefusesCrossSitePostsForeignRedirectURIsAndAReusedCode() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        let started = try await flows.start("google")
        let crossSite = try await flows.choose(
            started, provider: "google", fields: ["email": "eve@example.com"], origin: "https://evil.example")
        XCTAssertEqual(crossSite.status, 403)
        let foreign = try await flows.choose(
            started, provider: "google", fields: ["email": "eve@example.com", "redirect_uri": "https://evil.example/cb"])
        XCTAssertEqual(foreign.status, 400)
        let otherClient = try await flows.choose(started, provider: "google", fields: ["email": "eve@example.com", "client_id": "other"])
        XCTAssertEqual(otherClient.status, 400)
        XCTAssertEqual(otherClient.json["error"]?.stringValue, "invalid_client")
        // A code redeemed once is refused the second time.
        let answer = try await flows.choose(started, provider: "google", fields: ["email": "eve@example.com", "email_verified": "true"])
        let code = try XCTUnwrap(answer.query("code"))
        let back = try await flows.callback(answer)
        XCTAssertNotNil(back.query("code"))
        let replay = try await server.client.send(
            "POST", "/providers/google/token",
            body: Array("grant_type=authorization_code&code=\(code)&client_id=\(server.clientId)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        XCTAssertEqual(replay.status, 400)
        XCTAssertEqual(replay.json["error"]?.stringValue, "invalid_grant")
        await server.stop()
    }

    func testCancellingOnThePageSendsAccessDeniedToTheClient() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        let started = try await flows.start("facebook")
        let answer = try await flows.choose(started, provider: "facebook", fields: ["cancel": "true"])
        let back = try await flows.callback(answer)
        XCTAssertEqual(back.query("error"), "access_denied")
        XCTAssertEqual(back.query("state"), started.state)
        XCTAssertNil(back.query("code"))
        let accounts = try await server.emulator.accounts()
        XCTAssertEqual(accounts.count, 0)
        await server.stop()
    }

    func testMintedIdTokensVerifyAgainstTheProvidersKeysAndIdentitiesCanBeListedAndRemoved() async throws {
        let server = try await TestServer.start()
        let minted = try await server.client.post(
            "/emulator/v1/providers/google/id-tokens", .object(["email": "lin@example.com", "nonce": "n-1"]))
        XCTAssertEqual(minted.status, 201, String(decoding: minted.body, as: UTF8.self))
        let keys = try JWKSet(json: try await server.client.get("/providers/google/jwks").body)
        let jwt = try JWT.verify(
            try XCTUnwrap(minted.json["id_token"]?.stringValue), keys: keys,
            expecting: .init(issuer: server.baseURL + "/providers/google", audience: server.clientId, algorithms: [.rs256], now: Date()))
        XCTAssertEqual(jwt.string("email"), "lin@example.com")
        XCTAssertEqual(jwt.string("nonce"), "n-1")
        XCTAssertEqual(jwt.claims["email_verified"], .bool(true))
        let listed = try await server.client.get("/emulator/v1/providers/google/identities")
        let sub = try XCTUnwrap(listed.json["items"]?.arrayValue?.first?["sub"]?.stringValue)
        XCTAssertEqual(jwt.string("sub"), sub)
        let deleted = try await server.client.delete("/emulator/v1/providers/google/identities/\(sub)")
        XCTAssertEqual(deleted.status, 204)
        let after = try await server.client.get("/emulator/v1/providers/google/identities")
        XCTAssertEqual(after.json["items"]?.arrayValue?.count, 0)
        let bad = try await server.client.post("/emulator/v1/providers/google/identities", .object(["email": "not an email"]))
        XCTAssertEqual(bad.status, 400)
        // The same email with the other verification: refused, not silently the stored one.
        _ = try await server.client.post("/emulator/v1/providers/google/identities", .object(["email": "kim@example.com"]))
        let other = try await server.client.post(
            "/emulator/v1/providers/google/identities", .object(["email": "kim@example.com", "email_verified": false]))
        XCTAssertEqual(other.status, 409)
        XCTAssertEqual(other.json["error"]?.stringValue, "identity_exists")
        await server.stop()
    }
}
