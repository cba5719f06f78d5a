import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The server's MFA rules: a password login of an account with a factor steps up (its tkn then
/// redeems nothing), the step-up's code obeys the code limits, the code ends in tokens, a trusted
/// device skips the next step-up until it is deleted, and `mfa.step_up` chooses when.
final class MfaServerTests: XCTestCase {
    private let email = "mfa.server@example.com"

    private func start(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> (TestServer, MfaFlows, String) {
        let server = try await TestServer.start(TestServer.configuration(adjust))
        let mfa = MfaFlows(server: server)
        let access = try unwrap(try await server.login(email: email)["access_token"]?.stringValue)
        try await mfa.registerEmail(email, access: access)
        return (server, mfa, access)
    }

    func testStepUpEndsInTokensAndTheLoginTknRedeemsNothing() async throws {
        let (server, mfa, _) = try await start()
        let login = try await mfa.passwordLogin(email: email)
        XCTAssertEqual(login.json["mfa_required"], .bool(true))
        let stepUpTkn = try unwrap(login.json["tkn"]?.stringValue)
        let authorize = try await server.authorize(tkn: stepUpTkn, challenge: TestServer.pkce().challenge)
        XCTAssertNil(authorize.query("code"), "the step-up's tkn bypassed the second factor")

        let started = try await mfa.startedStepUp(email: email)
        let verified = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(verified.status, 200)
        let token = try await server.token(code: try unwrap(verified.json["code"]?.stringValue), verifier: started.verifier)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self))
        XCTAssertNotNil(token.json["access_token"])
        await server.stop()
    }

    /// Five wrong guesses spend the code (IdentityStore.codeAttemptLimit): the right one then fails.
    func testStepUpCodeObeysTheGuessLimit() async throws {
        let (server, mfa, _) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        for _ in 0..<IdentityStore.codeAttemptLimit {
            let wrong = try await mfa.verifyChallenge(started.challengeId, code: started.code == "000000" ? "111111" : "000000")
            XCTAssertEqual(wrong.status, 400)
        }
        let late = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(late.status, 400, "a code past its guess limit still worked")
        await server.stop()
    }

    func testAStepUpCodeIsSingleUse() async throws {
        let (server, mfa, _) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        let first = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(first.status, 200)
        let again = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(again.status, 400)
        await server.stop()
    }

    func testATrustedDeviceSkipsTheStepUpUntilDeleted() async throws {
        let (server, mfa, access) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        let verified = try await mfa.verifyChallenge(started.challengeId, code: started.code, trustDevice: true)
        let setCookie = try unwrap(verified.header("Set-Cookie"))
        let cookie = String(setCookie.split(separator: ";")[0])
        XCTAssertTrue(cookie.hasPrefix("\(Mfa.trustedDeviceCookie)="))

        let trusted = try await mfa.passwordLogin(email: email, cookie: cookie)
        XCTAssertEqual(trusted.json["mfa_required"], .bool(false))

        // The list names the device by an opaque id, never by its cookie.
        let listed = try await server.client.get("/identity/v1/mfa/trusteddevices", token: access)
        guard case .array(let devices)? = listed.json["trusted_devices"] else { return XCTFail("no trusted_devices list") }
        let id = try unwrap(devices.first?["id"]?.stringValue)
        XCTAssertFalse(cookie.hasSuffix("=" + id))
        XCTAssertFalse(String(decoding: listed.body, as: UTF8.self).contains(String(cookie.dropFirst(Mfa.trustedDeviceCookie.count + 1))))
        let deleted = try await server.client.delete("/identity/v1/mfa/trusteddevices/\(id)", token: access)
        XCTAssertEqual(deleted.status, 204)
        let again = try await mfa.passwordLogin(email: email, cookie: cookie)
        XCTAssertEqual(again.json["mfa_required"], .bool(true))
        await server.stop()
    }

    func testPolicyNeverAndAlways() async throws {
        let (never, mfaNever, _) = try await start { $0.mfa.stepUp = .never }
        let login = try await mfaNever.passwordLogin(email: email)
        XCTAssertEqual(login.json["mfa_required"], .bool(false))
        await never.stop()

        let always = try await TestServer.start(TestServer.configuration { $0.mfa.stepUp = .always })
        _ = try await always.signup(email: "nofactor@example.com")
        let stepped = try await MfaFlows(server: always).passwordLogin(email: "nofactor@example.com")
        XCTAssertEqual(stepped.json["mfa_required"], .bool(true))
        await always.stop()
    }

    func testWithoutAFactorTheLoginDoesNotStepUp() async throws {
        let server = try await TestServer.start()
        _ = try await server.login(email: "plain@example.com")
        let login = try await MfaFlows(server: server).passwordLogin(email: "plain@example.com")
        XCTAssertEqual(login.json["mfa_required"], .bool(false))
        await server.stop()
    }

    /// A pre-registrant (someone who signed up with another's unproven email) registers their own
    /// phone as a second factor; the owner proves the address (a passwordless sign-in): the
    /// pre-registrant's factor ends with their other credentials, so it cannot gate the owner.
    func testAPreRegistrantsFactorEndsWithTheOwnersProof() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let victim = "owner@example.com"
        let access = try unwrap(try await server.login(email: victim)["access_token"]?.stringValue)
        let start = try await server.client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": "+33612345671"]), token: access)
        XCTAssertEqual(start.json["status"]?.stringValue, "sms_sent")
        let sms = try await server.outbox(to: "+33612345671")
        let verify = try await server.client.post(
            "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(try unwrap(sms.last?.code))]),
            token: access)
        XCTAssertEqual(verify.status, 200)
        let accountId = try unwrap(try await server.emulator.account(identifier: victim)?.uid)
        let before = try await server.env.store.reading { try server.env.store.mfaCredentials(accountId: accountId, in: $0) }
        XCTAssertEqual(before.map(\.type), [.sms])

        let owner = try await AccountFlows(server: server).passwordless(.email(victim))
        XCTAssertNotNil(owner?["access_token"], "the owner's proof failed")
        let after = try await server.env.store.reading { try server.env.store.mfaCredentials(accountId: accountId, in: $0) }
        XCTAssertEqual(after, [])
        await server.stop()
    }

    /// The configuration file's `mfa` member, its defaults and its refusals.
    func testTheMfaConfigurationKeys() throws {
        XCTAssertEqual(try ServerConfiguration(jsonFile: Array("{}".utf8)).mfa, MfaSettings())
        let file = #"{"mfa": {"enabled": false, "step_up": "always", "trusted_device_days": 7}}"#
        let read = try ServerConfiguration(jsonFile: Array(file.utf8)).mfa
        XCTAssertEqual([read.enabled ? 1 : 0, read.trustedDeviceDays], [0, 7])
        XCTAssertEqual(read.stepUp, .always)
        func refusal(_ json: String) -> String {
            do {
                _ = try ServerConfiguration(jsonFile: Array(json.utf8))
                return "accepted"
            } catch { return error.message }
        }
        XCTAssertEqual(refusal(#"{"mfa": {"step_up": "sometimes"}}"#), "mfa.step_up must be when_registered, always or never")
        XCTAssertEqual(refusal(#"{"mfa": {"trusted_device_days": -1}}"#), "mfa.trusted_device_days must be 0 to 3650 days")
        XCTAssertEqual(refusal(#"{"mfa": {"stepup": "never"}}"#), #"unknown configuration key "mfa.stepup""#)
    }

    /// The emailed link verifies the registration without a session, then redirects to the app's
    /// mfaUri; a wrong code redirects there with the error.
    func testTheEmailedLinkVerifiesAndRedirects() async throws {
        let server = try await TestServer.start()
        let access = try unwrap(try await server.login(email: email)["access_token"]?.stringValue)
        let mfaUri = "\(server.env.configuration.customScheme)://mfa"
        let start = try await server.client.post(
            "/identity/v1/mfa/credentials/emails", .object(["redirect_url": .string(mfaUri)]), token: access)
        XCTAssertEqual(start.json["status"]?.stringValue, "email_sent")
        let link = try unwrap(try await server.outbox(to: email).last?.link)
        let path = String(link.dropFirst(server.env.baseURL.count))
        let wrong = try await server.client.get(path.replacingOccurrences(of: "verification_code=", with: "verification_code=9"))
        XCTAssertEqual(wrong.status, 302)
        XCTAssertEqual(wrong.query("error"), "invalid_grant")
        let opened = try await server.client.get(path)
        XCTAssertEqual(opened.status, 302)
        XCTAssertEqual(opened.header("Location"), mfaUri)
        // Whoever opened the link holds the inbox: a proof of the unverified address, under the
        // ownership rule (IdentifierProof). The factor is registered on the account the prover
        // owns, the address is verified, and the session that asked (the creator's) has ended.
        let account = try unwrap(try server.env.store.account(where: .email, equals: email))
        XCTAssertTrue(account.emailVerified)
        let env = server.env
        let factors = try await env.store.reading { db in try env.store.mfaCredentials(accountId: account.id, in: db) }
        XCTAssertEqual(factors.map(\.type), [.email])
        let stale = try await server.client.get("/identity/v1/mfa/credentials", token: access)
        XCTAssertEqual(stale.status, 401)
        await server.stop()
    }
}
