import Foundation
import LatchkeyCrypto
import Testing
import Vault
import WebAuthn

@testable import Picker

@Suite struct AppleIDTests {
    /// The identity token verifies with the exported JWKS key and carries Apple's claims.
    @Test func identityTokenVerifiesWithTheJWKS() async throws {
        let f = try PickerFixture()
        guard
            case .appleID(let first) = try await f.picker.perform(
                [.appleID(f.apple)], mode: .always, origin: f.origin,
                user: ScriptedUserDriver([.continueWithApple]))
        else {
            Issue.record("no Apple ID")
            return
        }
        let issuer = try AppleIDIssuer.load(from: f.vault)
        let jwks = try JSONSerialization.jsonObject(with: Data(issuer.jwks.utf8)) as! [String: [[String: String]]]
        let jwk = try #require(jwks["keys"]?.first)
        let key = try PublicKey(ecCurve: .p256, x: Base64URL.decode(jwk["x"]!)!, y: Base64URL.decode(jwk["y"]!)!)
        let parts = first.identityToken.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let signature = try ECDSASignature.der(fromRaw: Base64URL.decode(parts[2])!)
        #expect(try key.verify(signature: signature, message: Array("\(parts[0]).\(parts[1])".utf8), algorithm: .es256))
        let claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as! [String: Any]
        #expect(claims["iss"] as? String == "https://appleid.apple.com" && claims["aud"] as? String == f.apple.clientId)
        #expect(claims["sub"] as? String == first.user && claims["nonce"] as? String == f.apple.nonce)
        #expect(claims["email"] as? String == "jane@icloud.example")
        let header = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[0])!)) as! [String: Any]
        #expect(header["kid"] as? String == jwk["kid"] && header["alg"] as? String == "ES256")

        // Signing in again: same stable user, no email or name (Apple shares them only once).
        guard
            case .appleID(let again) = try await f.picker.perform(
                [.appleID(f.apple)], mode: .ifImmediatelyAvailableCredentials, origin: f.origin,
                user: ScriptedUserDriver([.select(index: 0)]))
        else {
            Issue.record("no Apple ID")
            return
        }
        #expect(again.user == first.user && again.email == nil && again.fullName == nil)
        // The issuer key persists in the vault.
        #expect(try AppleIDIssuer.load(from: f.vault).jwks == issuer.jwks)
    }

    @Test func hiddenEmailIsARelayAddress() async throws {
        let f = try PickerFixture()
        f.picker.appleAccount.hideEmail = true
        guard
            case .appleID(let c) = try await f.picker.perform(
                [.appleID(f.apple)], mode: .always, origin: f.origin,
                user: ScriptedUserDriver([.continueWithApple]))
        else {
            Issue.record("no Apple ID: the sign-up sheet gave nothing to check")
            return
        }
        #expect(c.email?.hasSuffix("@privaterelay.appleid.com") == true)
    }

    /// Apple's rule: the exact host (and port), or a parent domain whose item says it covers
    /// subdomains; never a sibling, a look-alike suffix, a public suffix, or another port.
    @Test func passwordMatchingFollowsApplesRule() async throws {
        let f = try PickerFixture() // origin https://login.example.com
        try f.addPassword("exact", "1", domain: "login.example.com")
        try f.addPassword("exact-url", "2", domain: "https://login.example.com")
        try f.addPassword("exact-port", "3", domain: "https://login.example.com:443")
        try f.addPassword("parent-covering", "4", domain: "example.com", includeSubdomains: true)
        try f.addPassword("parent", "5", domain: "example.com")
        try f.addPassword("other-port", "6", domain: "https://login.example.com:8443")
        try f.addPassword("look-alike", "7", domain: "ample.com", includeSubdomains: true)
        try f.addPassword("sibling", "8", domain: "other.example.com", includeSubdomains: true)
        try f.addPassword("suffix", "9", domain: "com", includeSubdomains: true)
        try f.addPassword("child", "10", domain: "a.login.example.com")
        let driver = ScriptedUserDriver([.cancel])
        _ = try? await f.picker.perform([.password], mode: .always, origin: f.origin, user: driver)
        #expect(Set(driver.sheetsSeen.first?.entries.map(\.username) ?? []) == ["exact", "exact-url", "exact-port", "parent-covering"])

        // On another port, only what was saved for that port.
        let other = ScriptedUserDriver([.cancel])
        _ = try? await f.picker.perform([.password], mode: .always, origin: "https://login.example.com:8443", user: other)
        #expect(Set(other.sheetsSeen.first?.entries.map(\.username) ?? []) == ["other-port"])
    }

    @Test func scriptRunningOutIsNotASilentCancel() async throws {
        let f = try PickerFixture()
        try f.addPassword()
        do {
            _ = try await f.picker.perform([.password], mode: .always, origin: f.origin, user: ScriptedUserDriver([]))
            Issue.record("no error")
        } catch {
            #expect(error.code == .notInteractive && error.message.contains("script ran out"))
        }
    }

    @Test func policyGrammar() async throws {
        #expect(try PolicyUserDriver(parsing: "user:bob").policy == .user("bob"))
        #expect(try PolicyUserDriver(parsing: "index:2").policy == .index(2))
        #expect(try PolicyUserDriver(parsing: "kind:apple").policy == .kind(.apple))
        #expect(throws: UserDriverError.self) { try PolicyUserDriver(parsing: "kind:nope") }
        #expect(throws: UserDriverError.self) { try PolicyUserDriver(parsing: "second") }
    }
}
