import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The hosted page and its sessions from the attacker's side, beyond login CSRF: a code or
/// step-up is finished only by the page of the browser that asked for it (an intercepted magic
/// link of an app is no login here), a second SSO cookie (cookie tossing) is no session, a login
/// again in the same browser ends the earlier session, provider logins in a loop never add
/// cookies, and `prompt` is read as OIDC's list.
final class HostedLoginAttackTests: XCTestCase {
    func testACodeIsFinishedOnlyByThePageOfTheBrowserThatAskedForIt() async throws {
        let server = try await TestServer.start()
        let flows = HostedLoginFlows(server: server)
        // An app's passwordless code (its PKCE), intercepted (a hijacked scheme, a shoulder):
        // typed into the hosted page, it is a wrong code, and opens no session.
        let pkce = TestServer.pkce()
        let appStart = try await server.client.post(
            "/identity/v1/passwordless/start",
            .object([
                "client_id": .string(server.clientId), "email": "vic@example.com", "auth_type": "magic_link",
                "redirect_uri": .string(server.callback), "code_challenge": .string(pkce.challenge), "code_challenge_method": "S256",
            ]))
        XCTAssertEqual(appStart.status, 204, String(decoding: appStart.body, as: UTF8.self))
        let appCodes = try await server.outbox(to: "vic@example.com")
        let appCode = try XCTUnwrap(appCodes.last?.code)
        let attacker = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let sent = try await flows.authorize(flows.request(), client: attacker)
        let page = try await flows.page(at: try XCTUnwrap(sent.location), client: attacker)
        var fields = page.fields
        fields["identifier"] = "vic@example.com"
        let stolen = try await flows.submit(fields, adding: ["code": appCode], client: attacker, path: "/login/passwordless/verify")
        XCTAssertEqual(stolen.status, 200)
        XCTAssertNil(stolen.header("Location"))
        let noSession = try await server.emulator.webSessions()
        XCTAssertEqual(noSession, [])

        // The victim's own page code, typed into the attacker's page: a wrong code too.
        let victim = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let victimSent = try await flows.authorize(flows.request(), client: victim)
        let victimPage = try await flows.page(at: try XCTUnwrap(victimSent.location), client: victim)
        _ = try await flows.submit(
            victimPage.fields, adding: ["identifier": "vic@example.com"], client: victim, path: "/login/passwordless/start")
        let pageCodes = try await server.outbox(to: "vic@example.com")
        let pageCode = try XCTUnwrap(pageCodes.last?.code)
        let replayed = try await flows.submit(fields, adding: ["code": pageCode], client: attacker, path: "/login/passwordless/verify")
        XCTAssertNil(replayed.header("Location"))
        // …and at the app's verify, the page's code is no app login either.
        let atApp = try await server.client.post(
            "/identity/v1/passwordless/verify",
            .object([
                "client_id": .string(server.clientId), "email": "vic@example.com", "verification_code": .string(pageCode),
                "auth_type": "magic_link",
            ]))
        XCTAssertEqual(atApp.status, 400, String(decoding: atApp.body, as: UTF8.self))
        let stillNone = try await server.emulator.webSessions()
        XCTAssertEqual(stillNone, [])
        await server.stop()
    }

    func testASecondSessionCookieIsNoSessionAndALoginAgainEndsTheEarlierSession() async throws {
        let server = try await TestServer.start()
        _ = try await server.signup(email: "ada@example.com")
        let flows = HostedLoginFlows(server: server)
        let browser = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        _ = try await flows.login(email: "ada@example.com", client: browser)
        let first = try await server.emulator.webSessions()
        XCTAssertEqual(first.count, 1)
        // prompt=login in the same browser: the page again; its login ends the earlier session.
        let request = flows.request(prompt: "login")
        let forced = try await flows.authorize(request, client: browser)
        let page = try await flows.page(at: try XCTUnwrap(forced.location), client: browser)
        let again = try await flows.submit(
            page.fields, adding: ["identifier": "ada@example.com", "password": "correct horse battery staple"], client: browser)
        _ = try await flows.redeem(again, request)
        let second = try await server.emulator.webSessions()
        XCTAssertEqual(second.count, 1)
        XCTAssertNotEqual(second.first?.id, first.first?.id)

        // A tossed cookie beside the real one: which is whose cannot be told, so neither is used.
        let opened = try await server.emulator.openWebSession(accountId: try XCTUnwrap(second.first?.accountId))
        let tossed = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let both = try await tossed.send(
            "GET", "/oauth/authorize?" + flows.request().query, headers: ["Cookie": "\(opened.cookie); r5_sso=attacker-planted"])
        XCTAssertEqual(both.location?.path, "/login")
        await server.stop()
    }

    func testProviderLoginsInALoopKeepOneCookieWithTheLastFour() async throws {
        let server = try await TestServer.start()
        let flows = ProviderFlows(server: server)
        var started: [ProviderFlows.Started] = []
        for _ in 0..<6 { started.append(try await flows.start("google")) }
        let callback = try XCTUnwrap(URL(string: server.baseURL + EmulatedProviders.callbackPath))
        let cookie = server.client.session.configuration.httpCookieStorage?.cookies(for: callback) ?? []
        let bindings = cookie.filter { $0.name.hasPrefix("r5_provider_login") }
        XCTAssertEqual(bindings.count, 1, "\(bindings.map(\.name))")
        XCTAssertEqual(bindings.first?.value.split(separator: ".").count, 4)
        for (index, login) in started.enumerated() {
            let answer = try await flows.choose(
                login, provider: "google", fields: ["email": "g\(index)@example.com", "email_verified": "true"])
            let back = try await flows.callback(answer)
            if index < 2 {
                XCTAssertEqual(back.query("error"), "access_denied", "login \(index) fell out of the cookie")
            } else {
                XCTAssertNotNil(back.query("code"), "login \(index): \(back.header("Location") ?? "-")")
            }
        }
        await server.stop()
    }

    func testPromptIsOIDCsList() async throws {
        let server = try await TestServer.start()
        _ = try await server.signup(email: "ada@example.com")
        let flows = HostedLoginFlows(server: server)
        _ = try await flows.login(email: "ada@example.com", client: server.client)
        let loginConsent = try await flows.authorize(flows.request(prompt: "consent login"), client: server.client)
        XCTAssertEqual(loginConsent.location?.path, "/login")
        let noneLogin = try await flows.authorize(flows.request(prompt: "none login"), client: server.client)
        XCTAssertEqual(noneLogin.query("error"), "invalid_request")
        let none = flows.request(prompt: "none")
        _ = try await flows.redeem(try await flows.authorize(none, client: server.client), none)
        await server.stop()
    }
}
