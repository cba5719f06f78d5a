import Encoding
import Foundation
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// The pre-registration matrix (PreRegistrationTests) with MFA: a pre-registrant of the victim's
/// address who also holds a second factor of his own, a device it trusts, and step-ups in
/// progress; and the owner's proofs, among them the MFA email registration link (finding 2: it
/// verified the address without the ownership rule), an MFA phone code sent to the owner's
/// phone (no proof without the session; her SMS sign-in is) and a provider login. After the
/// owner's proof nothing of the intruder's works.
final class PreRegistrationMfaTests: XCTestCase {
    enum Proof: String, CaseIterable {
        case magicLink, mfaEmailLink, mfaPhoneCode, apple, emailVerificationCode, passwordReset, accountRecovery
    }

    static let attackerPassword = "correct horse battery staple"
    static let attackerPhone = "+33699990000"
    static let ownerPhone = "+33611112222"

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
        case .mfaPhoneCode:
            try await proveAfterAnMfaPhoneCode(victim: victim, footholds: footholds, flows: flows)
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

        // The account holding the identifier is the owner's, verified, with nothing of the intruder's.
        let owner: Account
        if proof == .mfaPhoneCode {
            // The owner proved the phone, the only identifier she holds: the address the
            // intruder typed, never proven, went with the rest of his account.
            owner = try unwrap(try server.env.store.account(where: .phoneNumber, equals: Self.ownerPhone))
            XCTAssertTrue(owner.phoneNumberVerified, cell)
            XCTAssertNil(owner.email, cell)
        } else {
            owner = try unwrap(try server.env.store.account(where: .email, equals: victim))
            XCTAssertTrue(owner.emailVerified, cell)
        }
        XCTAssertEqual(owner.id, accountId, cell)
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

    /// MFA phone verify completes only with the account session's bearer: it is a proof by the
    /// session's holder, never by an owner who lacks the session. Here the intruder gives his
    /// account the owner's phone number and asks for it as his second factor, so the code reaches
    /// the owner. Without the session that code proves nothing (not at the factor's verify route,
    /// not as an SMS sign-in code), and the intruder cannot finish with it either, having never
    /// seen it. The owner's proof of her phone is then an SMS sign-in code of her own, after which
    /// the intruder's pending registration ends with the rest.
    private func proveAfterAnMfaPhoneCode(victim: String, footholds: Footholds, flows: AccountFlows) async throws {
        let server = flows.server
        let access = footholds.tokens["access_token"]?.stringValue
        assertStatus(
            try await server.client.post(
                "/identity/v1/update-phone-number", .object(["phone_number": .string(Self.ownerPhone)]), token: access), 200)
        let start = try await server.client.post(
            "/identity/v1/mfa/credentials/phone-numbers", .object(["phone_number": .string(Self.ownerPhone)]), token: access)
        XCTAssertEqual(start.json["status"], "sms_sent")
        let code = try unwrap(try await flows.latestCode(to: Self.ownerPhone))
        let anonymous = HTTPClient(baseURL: server.baseURL)
        assertStatus(
            try await anonymous.post(
                "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(code)])), 401)
        let signIn = try await anonymous.post(
            "/identity/v1/passwordless/verify",
            .object([
                "client_id": .string(server.clientId), "phone_number": .string(Self.ownerPhone), "verification_code": .string(code),
                "state": "s",
            ]))
        XCTAssertNil(signIn.json["code"], "an MFA registration code signed in")
        let before = try unwrap(try server.env.store.account(where: .phoneNumber, equals: Self.ownerPhone))
        XCTAssertFalse(before.phoneNumberVerified, "the MFA code verified the phone without the session")
        try await assertNotNilAsync(try await flows.passwordless(.phone(Self.ownerPhone)), "the owner's SMS sign-in")
        // The intruder's session ended with his pending registration: the code is useless to him too.
        assertStatus(
            try await server.client.post(
                "/identity/v1/mfa/credentials/phone-numbers/verify", .object(["verification_code": .string(code)]), token: access), 401)
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
