import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The hosted login page and its SSO session, from the browser's side and the attacker's: a
/// browser without a session is sent to the page, a password there logs in and opens the session,
/// a second web login is then silent (not with `prompt=login`, never with `prompt=none` and no
/// session), a logout or the emulator ends it; a page elsewhere cannot post the form, a form
/// without the page's token is refused, and the page cannot be framed.
final class HostedLoginTests: XCTestCase {
    func testWithoutASessionTheBrowserGoesToTheHostedPageAndPromptNoneIsLoginRequired() async throws {
        let server = try await TestServer.start()
        let flows = HostedLoginFlows(server: server)
        let request = flows.request()
        let sent = try await flows.authorize(request, client: server.client)
        XCTAssertEqual(sent.status, 302)
        let location = try XCTUnwrap(sent.location)
        XCTAssertEqual(location.path, "/login")
        XCTAssertEqual(location.queryItems?.first { $0.name == "state" }?.value, request.state)
        XCTAssertEqual(location.queryItems?.first { $0.name == "code_challenge" }?.value, request.pkce.challenge)
        let page = try await server.client.get(location.path + "?" + (location.percentEncodedQuery ?? ""))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("X-Frame-Options"), "DENY")
        XCTAssertTrue(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        XCTAssertTrue(page.header("Set-Cookie")?.hasPrefix("r5_login_csrf=") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains(#"<meta name="latchkey-page" content="hosted-login">"#), html)
        XCTAssertTrue(html.contains(#"data-provider="google""#), html)
        XCTAssertEqual(HostedLoginFlows.hiddenFields(html)["state"], request.state)

        let none = try await flows.authorize(flows.request(prompt: "none"), client: server.client)
        XCTAssertEqual(none.query("error"), "login_required")
        // An unchecked redirect URI gets no page: nowhere safe to send its answer.
        let elsewhere = try await server.client.get(
            "/login?client_id=\(server.clientId)&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&response_type=code")
        assertAPIError(elsewhere, status: 400, error: "invalid_request")
        await server.stop()
    }

    func testAPasswordOnThePageOpensTheSessionAndTheNextWebLoginIsSilentUntilLogout() async throws {
        let server = try await TestServer.start()
        let signedUp = try await server.signup(email: "ada@example.com")
        XCTAssertEqual(signedUp.status, 200)
        let flows = HostedLoginFlows(server: server)
        let request = flows.request()
        let sent = try await flows.authorize(request, client: server.client)
        let page = try await flows.page(at: try XCTUnwrap(sent.location), client: server.client)
        // A wrong password: the page again, saying why, with the identifier kept.
        let refused = try await flows.submit(
            page.fields, adding: ["identifier": "ada@example.com", "password": "wrong"], client: server.client)
        XCTAssertEqual(refused.status, 200)
        XCTAssertNil(refused.header("Location"))
        let again = String(decoding: refused.body, as: UTF8.self)
        XCTAssertTrue(again.contains("latchkey-error"), again)
        XCTAssertTrue(again.contains(#"value="ada@example.com""#), again)
        // The right one: the client's code, and the browser's session.
        let answer = try await flows.submit(
            page.fields, adding: ["identifier": "ada@example.com", "password": "correct horse battery staple"], client: server.client)
        XCTAssertEqual(answer.status, 303, String(decoding: answer.body, as: UTF8.self))
        XCTAssertTrue(answer.header("Set-Cookie")?.contains("r5_sso=") == true)
        XCTAssertTrue(answer.header("Set-Cookie")?.contains("HttpOnly") == true)
        let first = try await flows.redeem(answer, request)
        let firstClaims = try Self.claims(first)
        let sessions = try await server.client.get("/emulator/v1/sessions")
        XCTAssertEqual(sessions.json["items"]?.arrayValue?.count, 1)
        XCTAssertEqual(sessions.json["items"]?.arrayValue?.first?["method"]?.stringValue, "password")

        // Silent: a code at once, for the same account, with the first login's auth_time.
        let second = flows.request()
        let silent = try await flows.authorize(second, client: server.client)
        let tokens = try await flows.redeem(silent, second)
        let claims = try Self.claims(tokens)
        XCTAssertEqual(claims["sub"], firstClaims["sub"])
        XCTAssertEqual(claims["auth_time"], firstClaims["auth_time"])
        // prompt=login asks for the page even within the session; another browser has none.
        let forcedPage = try await flows.authorize(flows.request(prompt: "login"), client: server.client)
        XCTAssertEqual(forcedPage.location?.path, "/login")
        let otherBrowser = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let elsewhere = try await flows.authorize(flows.request(), client: otherBrowser)
        XCTAssertEqual(elsewhere.location?.path, "/login")

        // The logout ends it: the cookie is cleared and the store forgets it.
        let logout = try await server.client.get("/identity/v1/logout?post_logout_redirect_uri=\(server.callback)")
        XCTAssertEqual(logout.status, 302)
        XCTAssertTrue(logout.header("Set-Cookie")?.contains("Max-Age=0") == true)
        let sessionsAfter = try await server.client.get("/emulator/v1/sessions")
        XCTAssertEqual(sessionsAfter.json["items"]?.arrayValue?.count, 0)
        let afterLogout = try await flows.authorize(flows.request(), client: server.client)
        XCTAssertEqual(afterLogout.location?.path, "/login")
        await server.stop()
    }

    func testTheEmulatorOpensAndEndsSessionsAndAnEndedOneIsNotSilent() async throws {
        let server = try await TestServer.start()
        let login = try await server.login(email: "grace@example.com")
        let accountId = try ProviderFlows.subject(of: login)
        let opened = try await server.client.post("/emulator/v1/sessions", .object(["account_id": .string(accountId)]))
        XCTAssertEqual(opened.status, 201)
        let secret = try XCTUnwrap(opened.json["cookie"]?["value"]?.stringValue)
        let id = try XCTUnwrap(opened.json["session"]?["id"]?.stringValue)
        let flows = HostedLoginFlows(server: server)
        let browser = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let request = flows.request()
        let silent = try await browser.send("GET", "/oauth/authorize?" + request.query, headers: ["Cookie": "r5_sso=\(secret)"])
        _ = try await flows.redeem(silent, request)
        let deleted = try await server.client.delete("/emulator/v1/sessions/\(id)")
        XCTAssertEqual(deleted.status, 204)
        let endedTwice = try await server.client.delete("/emulator/v1/sessions/\(id)")
        XCTAssertEqual(endedTwice.status, 404)
        let ended = try await browser.send("GET", "/oauth/authorize?" + flows.request().query, headers: ["Cookie": "r5_sso=\(secret)"])
        XCTAssertEqual(ended.location?.path, "/login")
        let unknown = try await server.client.post("/emulator/v1/sessions", .object(["account_id": "nobody"]))
        XCTAssertEqual(unknown.status, 404)
        await server.stop()
    }

    func testAPageElsewhereCannotPostTheFormAndAFormWithoutThePagesTokenIsRefused() async throws {
        let server = try await TestServer.start()
        let signedUp = try await server.signup(email: "mallory@example.com")
        XCTAssertEqual(signedUp.status, 200)
        let flows = HostedLoginFlows(server: server)
        let sent = try await flows.authorize(flows.request(), client: server.client)
        let page = try await flows.page(at: try XCTUnwrap(sent.location), client: server.client)
        let credentials = ["identifier": "mallory@example.com", "password": "correct horse battery staple"]
        // Login CSRF: the attacker's page posts its own credentials into the victim's browser.
        let crossOrigin = try await flows.submit(page.fields, adding: credentials, client: server.client, origin: "https://evil.example")
        assertAPIError(crossOrigin, status: 403, error: "cross_site_request")
        let crossSite = try await flows.submit(
            page.fields, adding: credentials, client: server.client, headers: ["Sec-Fetch-Site": "cross-site"])
        assertAPIError(crossSite, status: 403, error: "cross_site_request")
        // A browser that never loaded the page has no token cookie; a forged token is not the page's.
        let victim = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let tokenless = try await flows.submit(page.fields, adding: credentials, client: victim)
        assertAPIError(tokenless, status: 403, error: "cross_site_request")
        var forged = page.fields
        forged["csrf"] = String(repeating: "A", count: 43)
        let forgedToken = try await flows.submit(forged, adding: credentials, client: server.client)
        assertAPIError(forgedToken, status: 403, error: "cross_site_request")
        // A tkn smuggled into the form is not a login: the password decides.
        let passwordLogin = try await server.passwordLogin(email: "mallory@example.com")
        let tkn = try XCTUnwrap(passwordLogin.json["tkn"]?.stringValue)
        let smuggled = try await flows.submit(
            page.fields, adding: ["identifier": "mallory@example.com", "password": "wrong", "tkn": tkn], client: server.client)
        XCTAssertEqual(smuggled.status, 200)
        XCTAssertNil(smuggled.header("Location"))
        let sessionsNow = try await server.client.get("/emulator/v1/sessions")
        XCTAssertEqual(sessionsNow.json["items"]?.arrayValue?.count, 0)
        // Another Host (DNS rebinding) gets no page at all.
        let rebound = try await server.client.send("GET", "/login?" + flows.request().query, headers: ["Host": "evil.example"])
        assertAPIError(rebound, status: 403, error: "invalid_host")
        await server.stop()
    }

    /// The ID token's claims (its signature is the OAuth tests' business).
    static func claims(_ tokens: JSONValue) throws -> JSONValue {
        let idToken = try XCTUnwrap(tokens["id_token"]?.stringValue)
        return try StrictJSON.parse(try XCTUnwrap(Base64URL.decode(String(idToken.split(separator: ".")[1]))), maxDepth: 8)
    }
}
