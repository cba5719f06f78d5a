import Encoding
import Foundation
import LatchkeyCrypto
import XCTest

@testable import IdentityServer

/// Account pre-hijacking (Sudhodanan and Paverd, 2022), from the attacker's side: someone
/// creates an account under the victim's email or phone number before the victim does, with
/// some credential of his own; later the victim proves the identifier. Every pairing of the
/// attacker's foothold and the owner's proof is played, and afterwards nothing the attacker
/// holds reaches the owner's account, while the owner's own login does (IdentifierProof).
final class PreRegistrationTests: XCTestCase {
    /// What the pre-registrant keeps for himself.
    enum Foothold: String, CaseIterable {
        /// A password set at signup (and the session it gave).
        case password
        /// A passkey made at signup, on the attacker's own device.
        case passkey
        /// His Sign in with Apple identity, linked to the account.
        case appleLink
        /// His identity at a social provider (Facebook) that does not vouch for the email.
        case providerLink
        /// A second identifier of his own on the account, verified by him, with a password.
        case secondIdentifier
    }

    /// How the owner proves the identifier.
    enum Proof: String, CaseIterable {
        case magicLink, smsCode, apple, emailVerificationCode, passwordReset, accountRecovery
        /// A social provider (Google) that vouches for the email.
        case provider
    }

    static let attackerPassword = "attacker's own passphrase 41"
    static let ownerPassword = "the owner's fresh passphrase 17"

    func testNothingOfThePreRegistrantSurvivesTheOwnersProof() async throws {
        let appleKey = try P256PrivateKey.generate()
        let server = try await TestServer.start(
            AccountFlows.appleConfiguration(appleKey) {
                $0.sms = true
                // The limits are another test's subject; 35 plays on one server stay clear of them.
                $0.limits.codesPerIdentifier = 1000
            })
        let flows = AccountFlows(server: server, appleKey: appleKey)
        var played = 0
        for foothold in Foothold.allCases {
            for proof in Proof.allCases {
                played += 1
                try await play(foothold, proof, n: played, flows: flows, providers: ProviderFlows(server: server))
            }
        }
        XCTAssertEqual(played, 35)
        await server.stop()
    }

    // swiftlint:disable:next function_body_length
    private func play(_ foothold: Foothold, _ proof: Proof, n: Int, flows: AccountFlows, providers: ProviderFlows) async throws {
        let cell = "\(foothold.rawValue) × \(proof.rawValue)"
        let suffix = String(format: "%02d", n)
        let victimEmail = AccountFlows.Identifier.email("victim-\(n)@example.com")
        let victimPhone = AccountFlows.Identifier.phone("+336123456\(suffix)")
        // The SMS proof is of a phone number; every other proof (a provider's too) is of the email address.
        let victim = proof == .smsCode ? victimPhone : victimEmail
        let attackersOwn: AccountFlows.Identifier =
            victim.key == "email" ? .phone("+336987654\(suffix)") : .email("attacker-\(n)@example.net")
        let attackerDevice = try PasskeyDevice()

        // MARK: the attacker's foothold
        var attackerTokens: JSONValue?
        switch foothold {
        case .password:
            attackerTokens = try await flows.passwordSignup([victim.key: .string(victim.value), "password": .string(Self.attackerPassword)])
                .json
        case .passkey:
            attackerTokens = try await flows.passkeySignup([victim.key: .string(victim.value)], device: attackerDevice)
        case .appleLink:
            if victim.key == "email" {
                // Apple relays an address it did not verify: the account is created unverified.
                attackerTokens = try await flows.apple(subject: "attacker-\(n)", email: victim.value, emailVerified: false)
            } else {
                // Apple gives no phone number: the attacker adds the victim's to his Apple account.
                attackerTokens = try await flows.apple(subject: "attacker-\(n)", email: attackersOwn.value, emailVerified: true)
                let add = try await flows.client.post(
                    "/identity/v1/update-phone-number", .object(["phone_number": .string(victim.value)]),
                    token: attackerTokens?["access_token"]?.stringValue)
                XCTAssertEqual(add.status, 200, "\(cell): \(String(decoding: add.body, as: UTF8.self))")
            }
        case .providerLink:
            if victim.key == "email" {
                // Facebook does not vouch for the address: the account is created unverified.
                attackerTokens = try await providers.login("facebook", email: victim.value, verified: false)
            } else {
                // Facebook gives no phone number: the attacker adds the victim's to his account.
                attackerTokens = try await providers.login("facebook", email: attackersOwn.value)
                let add = try await flows.client.post(
                    "/identity/v1/update-phone-number", .object(["phone_number": .string(victim.value)]),
                    token: attackerTokens?["access_token"]?.stringValue)
                XCTAssertEqual(add.status, 200, "\(cell): \(String(decoding: add.body, as: UTF8.self))")
            }
        case .secondIdentifier:
            attackerTokens = try await flows.passwordSignup([
                victim.key: .string(victim.value), attackersOwn.key: .string(attackersOwn.value),
                "password": .string(Self.attackerPassword),
            ]).json
            try await verifyInSession(attackersOwn, tokens: attackerTokens, flows: flows, cell: cell)
        }
        let attackerAccount = try await flows.userinfo(attackerTokens)
        XCTAssertNotNil(attackerAccount, "\(cell): the foothold gave the attacker a session")
        if victim.key == "email" {
            // The attacker can have the verification email sent to the victim at will.
            let send = try await flows.client.post(
                "/identity/v1/send-email-verification", .object([:]), token: attackerTokens?["access_token"]?.stringValue)
            XCTAssertEqual(send.status, 200, "\(cell): \(String(decoding: send.body, as: UTF8.self))")
        }

        // MARK: the owner's proof, and the owner's own login after it
        let ownerDevice = try PasskeyDevice()
        var ownerTokens: JSONValue?
        var ownerLoginAgain: () async throws -> JSONValue?
        switch proof {
        case .magicLink, .smsCode:
            ownerTokens = try await flows.passwordless(victim)
            ownerLoginAgain = { try await flows.passwordless(victim) }
        case .apple:
            ownerTokens = try await flows.apple(subject: "owner-\(n)", email: victim.value, emailVerified: true)
            ownerLoginAgain = { try await flows.apple(subject: "owner-\(n)", email: victim.value, emailVerified: true) }
        case .provider:
            ownerTokens = try await providers.login("google", email: victim.value)
            ownerLoginAgain = { try await providers.login("google", email: victim.value) }
        case .emailVerificationCode:
            // The code from the verification email, presented without a session.
            let code = try unwrap(try await flows.latestCode(to: victim.value), "\(cell): a verification email reached the owner")
            let verify = try await flows.client.post(
                "/identity/v1/verify-email",
                .object([
                    "client_id": .string(flows.clientId), "email": .string(victim.value), "verification_code": .string(code),
                ]))
            XCTAssertEqual(verify.status, 200, "\(cell): \(String(decoding: verify.body, as: UTF8.self))")
            ownerTokens = try await flows.passwordless(victim)
            ownerLoginAgain = { try await flows.passwordless(victim) }
        case .passwordReset:
            let reset = try await flows.passwordReset(victim, newPassword: Self.ownerPassword)
            XCTAssertEqual(reset.status, 204, "\(cell): \(String(decoding: reset.body, as: UTF8.self))")
            ownerTokens = try await flows.passwordLogin(victim, password: Self.ownerPassword)
            ownerLoginAgain = { try await flows.passwordLogin(victim, password: Self.ownerPassword) }
        case .accountRecovery:
            let reset = try await flows.accountRecovery(victim, device: ownerDevice)
            XCTAssertEqual(reset.status, 204, "\(cell): \(String(decoding: reset.body, as: UTF8.self))")
            ownerTokens = try await flows.passkeyLogin(device: ownerDevice)
            ownerLoginAgain = { try await flows.passkeyLogin(device: ownerDevice) }
        }
        let owner = try unwrap(try await flows.userinfo(ownerTokens), "\(cell): the owner's proof gave the owner a session")
        let ownerId = try unwrap(owner["uid"]?.stringValue ?? owner["sub"]?.stringValue)
        XCTAssertEqual(owner[victim.key]?.stringValue, victim.value, "\(cell)")
        XCTAssertEqual(
            owner[victim.key == "email" ? "email_verified" : "phone_number_verified"], .bool(true), "\(cell): the proof verified it")
        XCTAssertNil(owner[attackersOwn.key]?.stringValue, "\(cell): no identifier of the attacker's is on the owner's account")
        let again = try await flows.userinfo(try await ownerLoginAgain())
        XCTAssertEqual(
            again?["uid"]?.stringValue ?? again?["sub"]?.stringValue, ownerId, "\(cell): the owner's own login reaches the owner's account")

        // MARK: everything the attacker holds, tried again
        func reachesOwner(_ tokens: JSONValue?, _ what: String) async throws {
            guard let account = try await flows.userinfo(tokens) else { return }
            XCTAssertNotEqual(
                account["uid"]?.stringValue ?? account["sub"]?.stringValue, ownerId,
                "\(cell): the attacker's \(what) reaches the owner's account")
            XCTAssertNotEqual(
                account[victim.key]?.stringValue, victim.value, "\(cell): the attacker's \(what) still holds the victim's identifier")
        }
        try await reachesOwner(attackerTokens, "access token from before")
        try await reachesOwner(try await flows.refresh(attackerTokens), "refresh token from before")
        try await reachesOwner(
            try await flows.passwordLogin(victim, password: Self.attackerPassword), "password, with the victim's identifier")
        try await reachesOwner(
            try await flows.passwordLogin(attackersOwn, password: Self.attackerPassword), "password, with his own identifier")
        try await reachesOwner(try await flows.passkeyLogin(device: attackerDevice), "passkey")
        try await reachesOwner(try await flows.apple(subject: "attacker-\(n)", email: nil, emailVerified: false), "Apple identity")
        try await reachesOwner(try await flows.passwordless(attackersOwn), "own identifier's passwordless login")
        try await reachesOwner(
            try await providers.login(
                "facebook", email: victim.key == "email" ? victim.value : attackersOwn.value, verified: victim.key != "email"),
            "Facebook identity")
        // Where the attacker's account had no identifier of his own, it is the owner's now:
        // every session from before ended.
        if foothold == .password || foothold == .passkey || ([.appleLink, .providerLink].contains(foothold) && victim.key == "email") {
            let stale = try await flows.userinfo(attackerTokens)
            XCTAssertNil(stale, "\(cell): the attacker's session ended")
        }
    }

    /// The attacker proves his own second identifier with his session (SMS or email code).
    private func verifyInSession(_ identifier: AccountFlows.Identifier, tokens: JSONValue?, flows: AccountFlows, cell: String) async throws
    {
        let token = tokens?["access_token"]?.stringValue
        if identifier.key == "phone_number" {
            let send = try await flows.client.post(
                "/identity/v1/update-phone-number", .object(["phone_number": .string(identifier.value)]), token: token)
            XCTAssertEqual(send.status, 200, "\(cell): \(String(decoding: send.body, as: UTF8.self))")
            let code = try unwrap(try await flows.latestCode(to: identifier.value))
            let verify = try await flows.client.post(
                "/identity/v1/verify-phone-number",
                .object([
                    "phone_number": .string(identifier.value), "verification_code": .string(code),
                ]), token: token)
            XCTAssertEqual(verify.status, 204, "\(cell): \(String(decoding: verify.body, as: UTF8.self))")
        } else {
            let send = try await flows.client.post("/identity/v1/send-email-verification", .object([:]), token: token)
            XCTAssertEqual(send.status, 200, "\(cell): \(String(decoding: send.body, as: UTF8.self))")
            let code = try unwrap(try await flows.latestCode(to: identifier.value))
            let verify = try await flows.client.post(
                "/identity/v1/verify-email",
                .object([
                    "email": .string(identifier.value), "verification_code": .string(code),
                ]), token: token)
            XCTAssertEqual(verify.status, 200, "\(cell): \(String(decoding: verify.body, as: UTF8.self))")
        }
    }
}
