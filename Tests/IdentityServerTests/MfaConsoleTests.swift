import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The console's MFA part: the account page lists the second factors and trusted devices, its
/// delete forms remove them behind the console's form guard (token and origin), the deletes
/// change what a login does, and the outbox page shows the MFA codes.
final class MfaConsoleTests: XCTestCase {
    private let email = "mfa.console@example.com"

    /// Console pages are HTML, outside the OpenAPI document's JSON checks: a client that does
    /// not record.
    private func pages(_ server: TestServer) -> HTTPClient { HTTPClient(baseURL: server.baseURL) }

    private func page(_ server: TestServer, _ path: String) async throws -> String {
        let reply = try await pages(server).get(path)
        XCTAssertEqual(reply.status, 200, path)
        return String(decoding: reply.body, as: UTF8.self)
    }

    private func state(_ server: TestServer, _ accountId: String) async throws -> Mfa.AccountState {
        try unwrap(try await server.env.services.mfa.state(accountId: accountId))
    }

    func testAccountPageListsFactorsAndTrustedDevices() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let prepared = try await MfaOperatorFlows(server: server).prepare(email: email)
        let html = try await page(server, "/console/accounts/\(prepared.accountId)")
        XCTAssertTrue(html.contains("Second factors (2)"), html)
        XCTAssertTrue(html.contains(#"<tr data-mfa-credential="email">"#))
        XCTAssertTrue(html.contains(#"<tr data-mfa-credential="sms">"#))
        XCTAssertTrue(html.contains(#"<td class="mono">\#(email)</td>"#))
        XCTAssertTrue(html.contains(#"<td class="mono">\#(MfaOperatorFlows.phone)</td>"#))
        XCTAssertTrue(html.contains("Trusted devices (1)"))
        XCTAssertTrue(html.contains(#"<tr data-trusted-device="\#(prepared.deviceId)">"#))
        XCTAssertTrue(html.contains("device_class: mobile"), "the device's metadata")
        XCTAssertTrue(html.contains(#"<p id="mfa-step-ups">Step-ups in progress: 1</p>"#))
        // Each row's delete form carries the console's token, like the page's other forms.
        let token = try await MfaOperatorFlows(server: server).consoleToken()
        XCTAssertEqual(html.components(separatedBy: #"<input type="hidden" name="csrf" value="\#(token)">"#).count - 1, 2 + 1 + 1)
        XCTAssertTrue(html.contains(#"action="/console/accounts/\#(prepared.accountId)/mfa/credentials/delete""#))
        XCTAssertTrue(html.contains(#"action="/console/accounts/\#(prepared.accountId)/mfa/trusted-devices/delete""#))

        // MFA codes land in the outbox page like every other code.
        let outbox = try await page(server, "/console/outbox")
        XCTAssertTrue(outbox.contains(#"<div class="code">\#(prepared.stepUpCode)</div>"#), "the step-up code")
        XCTAssertTrue(outbox.contains(#"<div class="code">\#(prepared.phoneCode)</div>"#), "the phone registration code")
        XCTAssertTrue(outbox.contains("SMS to \(MfaOperatorFlows.phone)"))
        await server.stop()
    }

    func testAnAccountWithoutMfaSaysSo() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        _ = try await server.login(email: email)
        let id = try unwrap(try server.env.store.account(where: .email, equals: email)).id
        let html = try await page(server, "/console/accounts/\(id)")
        XCTAssertTrue(html.contains("Second factors (0)") && html.contains("No second factor registered."))
        XCTAssertTrue(html.contains("Trusted devices (0)") && html.contains("No trusted device."))
        await server.stop()
    }

    func testDeleteFormsNeedTheConsoleTokenAndOrigin() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let flows = MfaOperatorFlows(server: server)
        let prepared = try await flows.prepare(email: email)
        let http = pages(server)
        let token = try await flows.consoleToken()
        let credentials = "/console/accounts/\(prepared.accountId)/mfa/credentials/delete"
        let devices = "/console/accounts/\(prepared.accountId)/mfa/trusted-devices/delete"
        let sms = ["type": "sms", "target": MfaOperatorFlows.phone]

        let noToken = try await flows.postForm(credentials, sms, csrf: nil, client: http)
        XCTAssertEqual(noToken.status, 403, "no token")
        let wrongToken = try await flows.postForm(devices, ["device": prepared.deviceId], csrf: "wrong", client: http)
        XCTAssertEqual(wrongToken.status, 403, "wrong token")
        let crossSite = try await http.send(
            "POST", devices, body: Array("csrf=\(token)&device=\(prepared.deviceId)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": "http://evil.example"])
        XCTAssertEqual(crossSite.status, 403, "another origin")
        let before = try await state(server, prepared.accountId)
        XCTAssertEqual(before.credentials.count, 2, "a refused form changed nothing")
        XCTAssertEqual(before.trustedDevices.map(\.id), [prepared.deviceId], "a refused form changed nothing")
        await server.stop()
    }

    func testDeleteFormsRemoveFactorsAndDevices() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let flows = MfaOperatorFlows(server: server)
        let prepared = try await flows.prepare(email: email)
        let http = pages(server)
        let token = try await flows.consoleToken()
        let account = "/console/accounts/\(prepared.accountId)"

        // Another account's id in the path deletes nothing of this one.
        let other = try await flows.postForm(
            "/console/accounts/nobody/mfa/trusted-devices/delete", ["device": prepared.deviceId], csrf: token, client: http)
        XCTAssertEqual(other.status, 404)
        // The trusted device skips the step-up until the console deletes it.
        let trusted = try await flows.mfa.passwordLogin(email: email, cookie: prepared.deviceCookie)
        XCTAssertEqual(trusted.json["mfa_required"], .bool(false))
        let device = try await flows.postForm(
            "\(account)/mfa/trusted-devices/delete", ["device": prepared.deviceId], csrf: token, client: http)
        XCTAssertEqual(device.status, 303)
        XCTAssertEqual(device.header("Location"), account)
        let deviceAgain = try await flows.postForm(
            "\(account)/mfa/trusted-devices/delete", ["device": prepared.deviceId], csrf: token, client: http)
        XCTAssertEqual(deviceAgain.status, 404)
        let stepsUp = try await flows.mfa.passwordLogin(email: email, cookie: prepared.deviceCookie)
        XCTAssertEqual(stepsUp.json["mfa_required"], .bool(true), "the deleted device still skipped the step-up")

        // The factors, one by one; a factor of another type or target is not found.
        let mismatched = try await flows.postForm(
            "\(account)/mfa/credentials/delete", ["type": "email", "target": MfaOperatorFlows.phone], csrf: token, client: http)
        XCTAssertEqual(mismatched.status, 404)
        let unknownType = try await flows.postForm(
            "\(account)/mfa/credentials/delete", ["type": "voice", "target": MfaOperatorFlows.phone], csrf: token, client: http)
        XCTAssertEqual(unknownType.status, 404)
        for (type, target) in [("sms", MfaOperatorFlows.phone), ("email", email)] {
            let deleted = try await flows.postForm(
                "\(account)/mfa/credentials/delete", ["type": type, "target": target], csrf: token, client: http)
            XCTAssertEqual(deleted.status, 303, type)
        }
        let after = try await state(server, prepared.accountId)
        XCTAssertEqual(after.credentials, [])
        XCTAssertEqual(after.trustedDevices, [])
        let html = try await page(server, account)
        XCTAssertTrue(html.contains("No second factor registered.") && html.contains("No trusted device."))
        let noStepUp = try await flows.mfa.passwordLogin(email: email)
        XCTAssertEqual(noStepUp.json["mfa_required"], .bool(false), "a login still stepped up with every factor deleted")
        await server.stop()
    }
}
