import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// What a stolen access token can still do (issue #28's findings 1, 5 and 6), played with raw
/// HTTP as an attacker would: a token of the victim's, either old (15 minutes) or of the
/// narrowest scope, against every route that adds or removes a second factor or a trusted device.
final class StolenTokenTests: XCTestCase {
    private let victim = "victim@example.com"
    private let attackerPhone = "+33699999999"

    private func start() async throws -> (TestServer, MfaFlows) {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        assertStatus(try await server.signup(email: victim), 200)
        return (server, MfaFlows(server: server))
    }

    /// An access token of the victim's from a password login (before any factor) for `scope`.
    private func token(_ server: TestServer, scope: String = TestServer.allScopes) async throws -> String {
        let login = try await server.passwordLogin(email: victim, scope: scope)
        return try unwrap(
            try await server.exchange(tkn: try unwrap(login.json["tkn"]?.stringValue), scope: scope)["access_token"]?.stringValue)
    }

    /// Finding 1: a 15-minute-old token with only `openid` registered the attacker's phone as a
    /// factor, then stepped up to `full_write offline_access` and changed the password.
    func testAStaleOpenidTokenCannotPlantAFactorNorTakeTheAccount() async throws {
        let (server, mfa) = try await start()
        let openid = try await token(server, scope: "openid")
        let full = try await token(server)
        server.env.clock.advance(seconds: 900)
        for token in [openid, full] {
            let plant = try await server.client.post(
                "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(attackerPhone)]), token: token)
            if token == openid {
                assertAPIError(plant, status: 403, error: "insufficient_scope")
            } else {
                assertAPIError(plant, status: 401, error: "invalid_token")
                XCTAssertEqual(plant.json["error_message_key"], "error.accessToken.freshness")
            }
            let email = try await server.client.post(
                "/identity/v1/mfa/credentials/emails", .object(["redirect_url": .string(server.callback)]), token: token)
            XCTAssertTrue([401, 403].contains(email.status), "\(email.status)")
            let verify = try await server.client.post(
                "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": "123456"]), token: token)
            XCTAssertTrue([401, 403].contains(verify.status), "\(verify.status)")
        }
        try await assertEqualAsync(try await server.outbox(to: attackerPhone).count, 0, "no code went to the attacker's phone")
        // The session's step-up still starts (it is what refreshes a login), but with no factor
        // of the attacker's there is nothing to send a code to.
        let stepUp = try await mfa.stepUp(tkn: nil, access: openid, challenge: TestServer.pkce().challenge)
        XCTAssertEqual(stepUp.status, 200)
        XCTAssertEqual(stepUp.json["amr"], .array([]))
        let sms = try await mfa.startChallenge(stepUp: try unwrap(stepUp.json["token"]?.stringValue), authType: "sms")
        assertAPIError(sms, status: 400, error: "invalid_request")
        // And the password cannot be changed without the old one.
        let password = try await server.client.post(
            "/identity/v1/update-password", .object(["password": "attacker's chosen passphrase 99"]), token: full)
        XCTAssertEqual(password.json["error_message_key"], "error.accessToken.freshness")
        await server.stop()
    }

    /// Finding 5: a token of any scope deleted the victim's factors and trusted devices.
    func testAStolenTokenCannotStripFactorsOrDevices() async throws {
        let (server, mfa) = try await start()
        let access = try await token(server)
        let openid = try await token(server, scope: "openid")
        try await mfa.registerEmail(victim, access: access)
        let started = try await mfa.startedStepUp(email: victim)
        let trusted = try await mfa.verifyChallenge(started.challengeId, code: started.code, trustDevice: true)
        XCTAssertEqual(trusted.status, 200)
        let devices = try await server.client.get("/identity/v1/mfa/trusteddevices", token: access)
        guard case .array(let list)? = devices.json["trusted_devices"], let id = list.first?["id"]?.stringValue else {
            return XCTFail("no trusted device listed")
        }
        server.env.clock.advance(seconds: 900)
        for token in [openid, access] {
            let factor = try await server.client.delete("/identity/v1/mfa/credentials/emails", token: token)
            XCTAssertTrue([401, 403].contains(factor.status), "\(factor.status)")
            let device = try await server.client.delete("/identity/v1/mfa/trusteddevices/\(id)", token: token)
            XCTAssertTrue([401, 403].contains(device.status), "\(device.status)")
        }
        let env = server.env
        let accountId = try unwrap(try env.store.account(where: .email, equals: victim)).id
        let state = try await env.store.reading { db in try Mfa.AccountState.read(accountId: accountId, core: env.services.core, in: db) }
        XCTAssertEqual(state.credentials.map(\.type), [.email])
        XCTAssertEqual(state.trustedDevices.map(\.id), [id])
        await server.stop()
    }

    /// Finding 6: the trusted-device list gave the cookie itself, so a stolen token plus the
    /// password skipped MFA. The list's id opens nothing, and the store keeps only a hash.
    func testTheTrustedDeviceListGivesNoCookie() async throws {
        let (server, mfa) = try await start()
        let access = try await token(server)
        let openid = try await token(server, scope: "openid")
        try await mfa.registerEmail(victim, access: access)
        let started = try await mfa.startedStepUp(email: victim)
        // The device being trusted has a client of its own (the shared client's jar would
        // present its cookie at every later login).
        let trusted = try await HTTPClient(baseURL: server.baseURL).post(
            "/identity/v1/passwordless/verify",
            .object(["challenge_id": .string(started.challengeId), "verification_code": .string(started.code), "trust_device": true]))
        let cookie = String(try unwrap(trusted.header("Set-Cookie")).split(separator: ";")[0])
        let secret = String(cookie.dropFirst(Mfa.trustedDeviceCookie.count + 1))
        let listed = try await server.client.get("/identity/v1/mfa/trusteddevices", token: openid)
        XCTAssertFalse(String(decoding: listed.body, as: UTF8.self).contains(secret))
        guard case .array(let list)? = listed.json["trusted_devices"], let id = list.first?["id"]?.stringValue else {
            return XCTFail("no trusted device listed")
        }
        let withId = try await mfa.passwordLogin(email: victim, cookie: "\(Mfa.trustedDeviceCookie)=\(id)")
        XCTAssertEqual(withId.json["mfa_required"], .bool(true), "the listed id skipped the step-up")
        let withCookie = try await mfa.passwordLogin(email: victim, cookie: cookie)
        XCTAssertEqual(withCookie.json["mfa_required"], .bool(false), "the device's own cookie still skips it")
        let stored = try server.env.store.read { db in
            try db.prepare("SELECT id || ' ' || secret_hash || ' ' || metadata FROM mfa_trusted_devices").firstRow { $0.text(0) }
        }
        XCTAssertFalse(try unwrap(stored ?? nil).contains(secret), "the cookie is stored in clear")
        await server.stop()
    }

    /// Finding 8: MFA phone registration sent an SMS while SMS was off. With SMS off no path
    /// texts a phone: registering a phone factor is refused, and a phone factor registered while
    /// it was on sends no step-up code.
    func testSMSOffSendsNoSMS() async throws {
        let store = try IdentityStore.inMemory()
        let on = try await TestServer.start(TestServer.configuration { $0.sms = true }, store: store)
        assertStatus(try await on.signup(email: victim), 200)
        let access = try await token(on)
        let start = try await on.client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(attackerPhone)]), token: access)
        XCTAssertEqual(start.json["status"], "sms_sent")
        let code = try unwrap(try await on.outbox(to: attackerPhone).last?.code)
        let verified = try await on.client.post(
            "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(code)]), token: access)
        XCTAssertEqual(verified.status, 200)
        await on.stop()

        let off = try await TestServer.start(TestServer.configuration { $0.sms = false }, store: store)
        let fresh = try unwrap(try await off.login(email: "other@example.com")["access_token"]?.stringValue)
        let refused = try await off.client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": "+33611111111"]), token: fresh)
        XCTAssertEqual(refused.json["error_message_key"], "error.feature.notAvailable")
        let mfa = MfaFlows(server: off)
        let login = try await mfa.passwordLogin(email: victim)
        XCTAssertEqual(login.json["mfa_required"], .bool(true))
        let stepUp = try await mfa.stepUp(tkn: try unwrap(login.json["tkn"]?.stringValue), challenge: TestServer.pkce().challenge)
        let sms = try await mfa.startChallenge(stepUp: try unwrap(stepUp.json["token"]?.stringValue), authType: "sms")
        XCTAssertEqual(sms.json["error_message_key"], "error.feature.notAvailable")
        let texts = try await off.emulator.outbox(channel: .sms)
        XCTAssertEqual(texts.count, 1, "only the registration's SMS, sent while SMS was on")
        await off.stop()
    }
}
