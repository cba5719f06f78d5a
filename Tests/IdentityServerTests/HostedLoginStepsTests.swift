import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The hosted login page's other ways in: a code sent to the email (an account made for a new
/// one), and the second factor a login of an account with MFA steps up with, on the page. Each
/// ends at the client with a code and opens the browser's SSO session; a wrong code shows the
/// step again.
final class HostedLoginStepsTests: XCTestCase {
    func testAPasswordlessCodeOnThePageLogsInAndOpensTheSession() async throws {
        let server = try await TestServer.start()
        let flows = HostedLoginFlows(server: server)
        let request = flows.request()
        let sent = try await flows.authorize(request, client: server.client)
        let page = try await flows.page(at: try XCTUnwrap(sent.location), client: server.client)
        let started = try await flows.submit(
            page.fields, adding: ["identifier": "Lin@Example.com"], client: server.client, path: "/login/passwordless/start")
        XCTAssertEqual(started.status, 200)
        let codeStep = String(decoding: started.body, as: UTF8.self)
        XCTAssertTrue(codeStep.contains(#"data-form="passwordless-code""#), codeStep)
        let fields = HostedLoginFlows.hiddenFields(codeStep)
        XCTAssertEqual(fields["identifier"], "lin@example.com")
        let sentCodes = try await server.outbox(to: "lin@example.com")
        let code = try XCTUnwrap(sentCodes.last?.code)
        let wrong = try await flows.submit(
            fields, adding: ["code": "000000" == code ? "111111" : "000000"], client: server.client,
            path: "/login/passwordless/verify")
        XCTAssertEqual(wrong.status, 200)
        XCTAssertTrue(String(decoding: wrong.body, as: UTF8.self).contains("latchkey-error"))
        let answer = try await flows.submit(fields, adding: ["code": code], client: server.client, path: "/login/passwordless/verify")
        XCTAssertEqual(answer.status, 303, String(decoding: answer.body, as: UTF8.self))
        XCTAssertTrue(answer.header("Set-Cookie")?.contains("r5_sso=") == true)
        let tokens = try await flows.redeem(answer, request)
        XCTAssertEqual(try HostedLoginTests.claims(tokens)["email"]?.stringValue, "lin@example.com")
        let sessions = try await server.emulator.webSessions()
        XCTAssertEqual(sessions.map(\.method), ["magic_link"])
        await server.stop()
    }

    func testAnAccountWithASecondFactorStepsUpOnThePage() async throws {
        let server = try await TestServer.start()
        let tokens = try await server.login(email: "ada@example.com")
        try await MfaFlows(server: server).registerEmail("ada@example.com", access: try XCTUnwrap(tokens["access_token"]?.stringValue))
        let before = try await server.outbox(to: "ada@example.com").count
        let flows = HostedLoginFlows(server: server)
        let browser = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let request = flows.request()
        let sent = try await flows.authorize(request, client: browser)
        let page = try await flows.page(at: try XCTUnwrap(sent.location), client: browser)
        let stepUp = try await flows.submit(
            page.fields, adding: ["identifier": "ada@example.com", "password": "correct horse battery staple"], client: browser)
        XCTAssertEqual(stepUp.status, 200, "the password is right: the page's second step, not a redirect")
        let mfaStep = String(decoding: stepUp.body, as: UTF8.self)
        XCTAssertTrue(mfaStep.contains(#"data-form="mfa-code""#), mfaStep)
        XCTAssertTrue(mfaStep.contains("a…@example.com"), "the factor is named masked: \(mfaStep)")
        XCTAssertFalse(mfaStep.contains("ada@example.com"))
        let messages = try await server.outbox(to: "ada@example.com")
        XCTAssertEqual(messages.count, before + 1)
        let code = try XCTUnwrap(messages.last?.code)
        let fields = HostedLoginFlows.hiddenFields(mfaStep)
        let wrong = try await flows.submit(
            fields, adding: ["code": code == "000000" ? "111111" : "000000"], client: browser,
            path: "/login/mfa/verify")
        XCTAssertEqual(wrong.status, 200)
        XCTAssertTrue(String(decoding: wrong.body, as: UTF8.self).contains(#"data-form="mfa-code""#))
        let noSession = try await server.emulator.webSessions()
        XCTAssertEqual(noSession.count, 0, "no session before the second factor")
        let answer = try await flows.submit(fields, adding: ["code": code], client: browser, path: "/login/mfa/verify")
        XCTAssertEqual(answer.status, 303, String(decoding: answer.body, as: UTF8.self))
        let stepped = try await flows.redeem(answer, request)
        XCTAssertEqual(try ProviderFlows.subject(of: stepped), try ProviderFlows.subject(of: tokens))
        // The session's next login is silent: its second factor was part of it.
        let next = flows.request()
        _ = try await flows.redeem(try await flows.authorize(next, client: browser), next)
        await server.stop()
    }

    /// The passkey form: the tkn the page's script got from the WebAuthn login (here the
    /// project's authenticator plays the browser) completes on the page; a made-up one does not.
    func testThePasskeyFormCompletesTheScriptsLogin() async throws {
        let server = try await TestServer.start()
        let device = try PasskeyDevice()
        let flows = AccountFlows(server: server)
        _ = try await flows.passkeySignup(["email": "pat@example.com"], device: device)
        let web = HostedLoginFlows(server: server)
        let browser = HTTPClient(baseURL: server.baseURL, recorder: server.client.recorder)
        let request = web.request()
        let sent = try await web.authorize(request, client: browser)
        let page = try await web.page(at: try XCTUnwrap(sent.location), client: browser)
        XCTAssertTrue(page.html.contains(#"data-form="passkey""#), page.html)
        let script = try await browser.get("/login/passkey.js")
        XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertTrue(String(decoding: script.body, as: UTF8.self).contains("navigator.credentials.get"))

        let madeUp = try await web.submit(page.fields, adding: ["tkn": "made-up"], client: browser, path: "/login/passkey")
        XCTAssertNotNil(madeUp.query("error"), "an unknown tkn is the client's access_denied: \(madeUp.header("Location") ?? "-")")
        let options = try await server.client.post(
            "/identity/v1/webauthn/authentication-options",
            .object(["client_id": .string(server.clientId), "origin": "https://localhost", "scope": "openid email"]))
        let assertion = try device.get(options.json)
        let login = try await server.client.post("/identity/v1/webauthn/authentication", assertion)
        let tkn = try XCTUnwrap(login.json["tkn"]?.stringValue)
        let answer = try await web.submit(page.fields, adding: ["tkn": tkn], client: browser, path: "/login/passkey")
        XCTAssertEqual(answer.status, 303, String(decoding: answer.body, as: UTF8.self))
        XCTAssertTrue(answer.header("Set-Cookie")?.contains("r5_sso=") == true)
        let tokens = try await web.redeem(answer, request)
        XCTAssertEqual(try HostedLoginTests.claims(tokens)["email"]?.stringValue, "pat@example.com")
        let sessions = try await server.emulator.webSessions()
        XCTAssertEqual(sessions.map(\.method), ["webauthn"])
        await server.stop()
    }
}
