import Encoding
import Foundation
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// The pre-registration matrix (PreRegistrationTests) with MFA: a pre-registrant of the victim's
/// address who also holds a second factor of his own, a device it trusts, and step-ups in
/// progress; and the owner's proofs, among them the MFA email registration link (finding 2: it
/// verified the address without the ownership rule) and a provider login. After the owner's
/// proof nothing of the intruder's works.
final class PreRegistrationMfaTests: XCTestCase {
    enum Proof: String, CaseIterable { case magicLink, mfaEmailLink, apple, emailVerificationCode, passwordReset, accountRecovery }

    static let attackerPassword = "correct horse battery staple"
    static let attackerPhone = "+33699990000"

    func testNoFactorDeviceOrStepUpOfThePreRegistrantSurvivesTheOwnersProof() async throws {
        let appleKey = try P256PrivateKey.generate()
        let server = try await TestServer.start(
            AccountFlows.appleConfiguration(appleKey) {
                $0.sms = true
                $0.limits.codesPerIdentifier = 1000
            })
        let flows = AccountFlows(server: server, appleKey: appleKey)
        for (n, proof) in Proof.allCases.enumerated() {
            try await play(proof, victim: "victim-mfa-\(n)@example.com", flows: flows)
        }
        await server.stop()
    }

    /// The intruder's footholds on the account he pre-registered under `victim`.
    struct Footholds {
        var tokens: JSONValue
        var deviceCookie: String
        /// A password login of his waiting for its second factor, and a started step-up with a
        /// code sent to his phone.
        var waitingLogin: String
        var startedChallenge: String
        var startedCode: String
    }

    private func plant(victim: String, flows: AccountFlows) async throws -> Footholds {
        let server = flows.server
        let mfa = MfaFlows(server: server)
        let tokens = try await flows.passwordSignup(["email": .string(victim), "password": .string(Self.attackerPassword)]).json
        let access = try unwrap(tokens["access_token"]?.stringValue)
        let phone = try await server.client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(Self.attackerPhone)]), token: access)
        XCTAssertEqual(phone.json["status"], "sms_sent")
        let code = try unwrap(try await flows.latestCode(to: Self.attackerPhone))
        assertStatus(
            try await server.client.post(
                "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(code)]), token: access), 200)
        // A trusted device of his, through a step-up by his phone.
        let device = try await stepUp(victim: victim, mfa: mfa, flows: flows)
        let trusted = try await HTTPClient(baseURL: server.baseURL).post(
            "/identity/v1/passwordless/verify",
            .object(["challenge_id": .string(device.challenge), "verification_code": .string(device.code), "trust_device": true]))
        let cookie = String(try unwrap(trusted.header("Set-Cookie")).split(separator: ";")[0])
        let waiting = try await mfa.passwordLogin(email: victim)
        XCTAssertEqual(waiting.json["mfa_required"], .bool(true))
        let started = try await stepUp(victim: victim, mfa: mfa, flows: flows)
        return Footholds(
            tokens: tokens, deviceCookie: cookie, waitingLogin: try unwrap(waiting.json["tkn"]?.stringValue),
            startedChallenge: started.challenge, startedCode: started.code)
    }

    /// A password login of the intruder's, stepped up to a code sent to his phone.
    private func stepUp(victim: String, mfa: MfaFlows, flows: AccountFlows) async throws -> (challenge: String, code: String) {
        let login = try await mfa.passwordLogin(email: victim)
        let started = try await mfa.stepUp(tkn: try unwrap(login.json["tkn"]?.stringValue), challenge: TestServer.pkce().challenge)
        let challenge = try await mfa.startChallenge(stepUp: try unwrap(started.json["token"]?.stringValue), authType: "sms")
        return (try unwrap(challenge.json["challenge_id"]?.stringValue), try unwrap(try await flows.latestCode(to: Self.attackerPhone)))
    }

    private func play(_ proof: Proof, victim: String, flows: AccountFlows) async throws {
        let cell = proof.rawValue
        let server = flows.server
        let footholds = try await plant(victim: victim, flows: flows)
        let accountId = try unwrap(try server.env.store.account(where: .email, equals: victim)).id

        switch proof {
        case .magicLink:
            try await assertNotNilAsync(try await flows.passwordless(.email(victim)), cell)
        case .mfaEmailLink:
            // The intruder asks for the email factor; the owner opens the link in the email.
            let start = try await server.client.post(
                "/identity/v1/mfa/credentials/emails", .object(["redirect_url": .string("\(server.env.configuration.customScheme)://mfa")]),
                token: footholds.tokens["access_token"]?.stringValue)
            XCTAssertEqual(start.json["status"], "email_sent", cell)
            let link = try unwrap(try await server.outbox(to: victim).last?.link)
            let opened = try await HTTPClient(baseURL: server.baseURL).get(String(link.dropFirst(server.baseURL.count)))
            XCTAssertEqual(opened.status, 302, cell)
        case .apple:
            try await assertNotNilAsync(try await flows.apple(subject: "owner-\(victim)", email: victim, emailVerified: true), cell)
        case .emailVerificationCode:
            assertStatus(
                try await server.client.post(
                    "/identity/v1/send-email-verification", .object([:]), token: footholds.tokens["access_token"]?.stringValue), 200)
            let code = try unwrap(try await flows.latestCode(to: victim))
            assertStatus(
                try await server.client.post(
                    "/identity/v1/verify-email",
                    .object(["client_id": .string(server.clientId), "email": .string(victim), "verification_code": .string(code)])), 200)
        case .passwordReset:
            assertStatus(try await flows.passwordReset(.email(victim), newPassword: "the owner's own passphrase 7"), 204, cell)
        case .accountRecovery:
            assertStatus(try await flows.accountRecovery(.email(victim), device: try PasskeyDevice()), 204, cell)
        }

        // The account holding the address is the owner's, verified, with nothing of the intruder's.
        let owner = try unwrap(try server.env.store.account(where: .email, equals: victim))
        XCTAssertEqual(owner.id, accountId, cell)
        XCTAssertTrue(owner.emailVerified, cell)
        let env = server.env
        let state = try await env.store.reading { db in try Mfa.AccountState.read(accountId: owner.id, core: env.services.core, in: db) }
        XCTAssertFalse(state.credentials.contains { $0.target == Self.attackerPhone }, "\(cell): the intruder's SMS factor survived")
        XCTAssertEqual(state.trustedDevices, [], "\(cell): the intruder's trusted device survived")
        XCTAssertEqual(state.pendingStepUps, 0, "\(cell): the intruder's step-ups survived")
        // And each foothold, tried again, opens nothing.
        try await assertNilAsync(try await flows.userinfo(footholds.tokens), "\(cell): the intruder's session")
        let password = try await MfaFlows(server: server).passwordLogin(email: victim, cookie: footholds.deviceCookie)
        XCTAssertNil(password.json["tkn"], "\(cell): the intruder's password with his trusted device")
        let mfa = MfaFlows(server: server)
        assertAPIError(
            try await mfa.stepUp(tkn: footholds.waitingLogin, challenge: TestServer.pkce().challenge), status: 400, error: "invalid_grant")
        let finished = try await mfa.verifyChallenge(footholds.startedChallenge, code: footholds.startedCode)
        XCTAssertEqual(finished.status, 400, "\(cell): the intruder's started step-up finished")
    }

    /// Finding 9: on an account whose email is verified (the owner's), an intruder who learned
    /// the password planted his own SMS factor and a trusted device. The owner's reset by email
    /// (password reset, then account recovery) ends both, and every step-up in progress.
    func testTheOwnersResetEndsAnIntrudersFactorAndDevice() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let flows = AccountFlows(server: server)
        for (n, reset) in ["password reset", "account recovery"].enumerated() {
            let victim = "verified-\(n)@example.com"
            let footholds = try await plant(victim: victim, flows: flows)
            // The owner verifies the address first (with the session's code: no proof needed).
            let access = footholds.tokens["access_token"]?.stringValue
            assertStatus(try await server.client.post("/identity/v1/send-email-verification", .object([:]), token: access), 200)
            let code = try unwrap(try await flows.latestCode(to: victim))
            assertStatus(
                try await server.client.post(
                    "/identity/v1/verify-email", .object(["email": .string(victim), "verification_code": .string(code)]), token: access),
                200)
            if n == 0 {
                assertStatus(try await flows.passwordReset(.email(victim), newPassword: "the owner's own passphrase 7"), 204, reset)
            } else {
                assertStatus(try await flows.accountRecovery(.email(victim), device: try PasskeyDevice()), 204, reset)
            }
            let env = server.env
            let account = try unwrap(try env.store.account(where: .email, equals: victim))
            let state = try await env.store.reading { db in
                try Mfa.AccountState.read(accountId: account.id, core: env.services.core, in: db)
            }
            XCTAssertEqual(state.credentials, [], "\(reset): the intruder's SMS factor survived")
            XCTAssertEqual(state.trustedDevices, [], "\(reset): the intruder's trusted device survived")
            XCTAssertEqual(state.pendingStepUps, 0, reset)
            let finished = try await MfaFlows(server: server).verifyChallenge(footholds.startedChallenge, code: footholds.startedCode)
            XCTAssertEqual(finished.status, 400, "\(reset): the intruder's started step-up finished")
        }
        await server.stop()
    }
}
