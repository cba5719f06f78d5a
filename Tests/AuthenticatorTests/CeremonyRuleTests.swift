import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import Authenticator
@testable import WebAuthn

/// CTAP 2.1 rules and the client's DOMException mapping.
@Suite struct CeremonyRuleTests {
    func expectClientError(_ name: ClientError.Name, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(name.rawValue)")
        } catch let e as ClientError {
            #expect(e.name == name, "\(e)")
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func noES256MeansNotSupported() throws {
        let h = try Harness()
        expectClientError(.notSupportedError) { _ = try h.register(h.creationOptions(algs: [.rs256, .edDSA])) }
        // An empty list means ES256 and RS256 (§5.1.3), which works.
        #expect(throws: Never.self) { _ = try h.register(h.creationOptions(algs: [])) }
    }

    /// credProtect in the library: a level-3 credential is excluded only once UV succeeded (a
    /// failed UV reveals nothing), and the client lists it exactly when `get` could use it.
    @Test func credProtectLevelThreeNeedsACompletedUV() throws {
        let store = InMemoryCredentialStore()
        let verifying = try SoftwareAuthenticator(profile: .securityKey, store: store, userVerification: FixedUserVerification.always)
        func request(_ user: UInt8, exclude: [[UInt8]] = [], uv: Bool) -> MakeCredentialRequest {
            MakeCredentialRequest(
                clientDataHash: Digest.sha256([user]), rpId: "example.com", userHandle: [user], userName: "u\(user)",
                userDisplayName: "U", pubKeyCredParams: [.init(alg: .es256)], excludeList: exclude, userVerification: uv,
                credProtect: exclude.isEmpty ? .userVerificationRequired : nil)
        }
        let made = try verifying.makeCredential(request(1, uv: true))
        let failingUV = try SoftwareAuthenticator(profile: .securityKey, store: store, userVerification: FixedUserVerification.never)
        #expect(throws: Never.self) { _ = try failingUV.makeCredential(request(2, exclude: [made.credentialId], uv: false)) }
        do {
            _ = try verifying.makeCredential(request(3, exclude: [made.credentialId], uv: true))
            Issue.record("a verified request was not told the credential is excluded")
        } catch { #expect(error.status == .credentialExcluded) }

        let options = PublicKeyCredentialRequestOptionsJSON(challenge: SystemRandom.bytes(32), rpId: "example.com")
        let psl = try PublicSuffixList.loadSystem()
        let withUV = WebAuthnClient(authenticator: verifying, publicSuffixList: psl)
        #expect(try withUV.candidates(options: options, origin: "https://example.com").contains { $0.credentialId == made.credentialId })
        #expect(
            try withUV.get(options: options, origin: "https://example.com", credentialId: made.credentialId).rawId.bytes
                == made.credentialId)
        let noUV = WebAuthnClient(
            authenticator: try SoftwareAuthenticator(
                profile: .securityKey, store: store,
                userVerification: FixedUserVerification.unavailable), publicSuffixList: psl)
        #expect(!(try noUV.candidates(options: options, origin: "https://example.com").contains { $0.credentialId == made.credentialId }))
    }

    @Test func excludeListGivesInvalidState() throws {
        let h = try Harness()
        let (reg, _) = try h.register(h.creationOptions())
        expectClientError(.invalidStateError) { _ = try h.register(h.creationOptions(user: [7], exclude: [reg.rawId.bytes])) }
        do { _ = try h.register(h.creationOptions(user: [7], exclude: [reg.rawId.bytes])) } catch let e as ClientError {
            #expect(e.ctapError == .credentialExcluded)
        }
        #expect(throws: Never.self) { _ = try h.register(h.creationOptions(user: [8], exclude: [[1, 2, 3]])) }
    }

    @Test func userHandleLength() throws {
        let h = try Harness()
        expectClientError(.typeError) { _ = try h.register(h.creationOptions(user: [UInt8](repeating: 1, count: 65))) }
        expectClientError(.typeError) { _ = try h.register(h.creationOptions(user: [])) }
        #expect(throws: Never.self) { _ = try h.register(h.creationOptions(user: [UInt8](repeating: 1, count: 64))) }
    }

    @Test func discoverableAndNonDiscoverableCredentials() throws {
        let h = try Harness(profile: .securityKey)
        let (nd, ndObj) = try h.register(h.creationOptions(user: [1], residentKey: .discouraged, extensions: .init(credProps: true)))
        #expect(nd.clientExtensionResults.credProps?.rk == false)
        // Without an allow list only discoverable credentials answer.
        expectClientError(.notAllowedError) {
            _ = try h.signIn(h.requestOptions(), key: ndObj.authenticatorData.attestedCredentialData!.credentialPublicKey)
        }
        let (r, _, valid) = try h.signIn(
            h.requestOptions(allow: [nd.rawId.bytes]), key: ndObj.authenticatorData.attestedCredentialData!.credentialPublicKey)
        #expect(valid && r.response.userHandle == nil)
        let (d, dObj) = try h.register(h.creationOptions(user: [2], residentKey: .required, extensions: .init(credProps: true)))
        #expect(d.clientExtensionResults.credProps?.rk == true)
        let (r2, _, valid2) = try h.signIn(h.requestOptions(), key: dObj.authenticatorData.attestedCredentialData!.credentialPublicKey)
        #expect(valid2 && r2.rawId == d.rawId && r2.response.userHandle?.bytes == [2])
    }

    @Test func severalAccountsNewestFirstAndReplacementPerUser() throws {
        let h = try Harness()
        let (a, _) = try h.register(h.creationOptions(user: [1], name: "alice"))
        let (b, _) = try h.register(h.creationOptions(user: [2], name: "bob"))
        var candidates = try h.client.candidates(options: h.requestOptions(), origin: h.origin)
        #expect(candidates.map(\.userName) == ["bob", "alice"])
        #expect(candidates.map(\.credentialId) == [b.rawId.bytes, a.rawId.bytes])
        // Registering the same user handle again replaces the old discoverable credential.
        let (a2, _) = try h.register(h.creationOptions(user: [1], name: "alice"))
        candidates = try h.client.candidates(options: h.requestOptions(), origin: h.origin)
        #expect(candidates.map(\.credentialId) == [a2.rawId.bytes, b.rawId.bytes])
        // The user can choose a specific account.
        let chosen = try h.client.get(options: h.requestOptions(), origin: h.origin, credentialId: b.rawId.bytes)
        #expect(chosen.rawId == b.rawId)
    }

    @Test func allowListFiltersByIdAndRP() throws {
        let h = try Harness()
        let (a, _) = try h.register(h.creationOptions(user: [1]))
        let (b, _) = try h.register(h.creationOptions(user: [2]))
        let other = try h.register(h.creationOptions(user: [3], rpId: "login.example.com")).0
        let list = try h.client.candidates(options: h.requestOptions(allow: [a.rawId.bytes, [9, 9], other.rawId.bytes]), origin: h.origin)
        #expect(list.map(\.credentialId) == [a.rawId.bytes])
        #expect(!list.contains { $0.credentialId == b.rawId.bytes })
    }

    @Test func userVerificationOutcomes() throws {
        let never = try Harness(uv: FixedUserVerification.never)
        expectClientError(.notAllowedError) { _ = try never.register(never.creationOptions(uv: .required)) }
        // "preferred" sends uv=true to an authenticator that has UV; a failed attempt ends the
        // ceremony (CTAP 2.1 §6.1.2 step 11), as a failed Face ID + cancel does in a browser.
        expectClientError(.notAllowedError) { _ = try never.register(never.creationOptions(uv: .preferred)) }
        // "discouraged": the platform profile still tries UV, and a failure only clears the flag.
        let (_, o) = try never.register(never.creationOptions(uv: .discouraged))
        #expect(o.authenticatorData.flags.contains(.userPresent) && !o.authenticatorData.flags.contains(.userVerified))

        let none = try Harness(profile: .securityKey, uv: FixedUserVerification.unavailable)
        expectClientError(.notAllowedError) { _ = try none.register(none.creationOptions(uv: .required)) }
        let (_, o2) = try none.register(none.creationOptions(uv: .preferred))
        #expect(o2.authenticatorData.flags.contains(.userPresent) && !o2.authenticatorData.flags.contains(.userVerified))

        let always = try Harness(profile: .securityKey, uv: FixedUserVerification.always)
        let (_, o3) = try always.register(always.creationOptions(uv: .required))
        #expect(o3.authenticatorData.flags.contains(.userVerified))
        let (_, o4) = try always.register(always.creationOptions(user: [5], uv: .discouraged))
        #expect(!o4.authenticatorData.flags.contains(.userVerified))
    }

    @Test func prfOutputsAreStablePerCredentialAndInput() throws {
        let h = try Harness()
        let input = AuthenticationExtensionsClientInputsJSON(
            prf: .init(eval: .init(first: Array("salt-1".utf8), second: Array("salt-2".utf8))))
        let (reg, obj) = try h.register(h.creationOptions(extensions: input))
        #expect(reg.clientExtensionResults.prf?.enabled == true)
        #expect(obj.authenticatorData.extensions?[text: "hmac-secret"] == .bool(true))
        let atCreate = try #require(reg.clientExtensionResults.prf?.results)
        let key = obj.authenticatorData.attestedCredentialData!.credentialPublicKey
        let g1 = try #require(try h.signIn(h.requestOptions(extensions: input), key: key).0.clientExtensionResults.prf?.results)
        let g2 = try #require(try h.signIn(h.requestOptions(extensions: input), key: key).0.clientExtensionResults.prf?.results)
        #expect(g1 == g2 && g1 == atCreate)
        #expect(g1.first.bytes.count == 32 && g1.first != g1.second)
        let other = AuthenticationExtensionsClientInputsJSON(prf: .init(eval: .init(first: Array("salt-3".utf8))))
        let g3 = try #require(try h.signIn(h.requestOptions(extensions: other), key: key).0.clientExtensionResults.prf?.results)
        #expect(g3.first != g1.first && g3.second == nil)
        // evalByCredential wins over eval for the named credential.
        let byCred = AuthenticationExtensionsClientInputsJSON(
            prf: .init(
                eval: .init(first: Array("salt-1".utf8)),
                evalByCredential: [reg.id: .init(first: Array("salt-3".utf8))]))
        let g4 = try #require(try h.signIn(h.requestOptions(extensions: byCred), key: key).0.clientExtensionResults.prf?.results)
        #expect(g4.first == g3.first)
        // A second credential gives different outputs for the same input.
        let (_, obj2) = try h.register(h.creationOptions(user: [42], extensions: input))
        let chosen = try h.client.get(
            options: h.requestOptions(extensions: input), origin: h.origin,
            credentialId: obj2.authenticatorData.attestedCredentialData!.credentialId)
        #expect(chosen.clientExtensionResults.prf?.results?.first != g1.first)
    }
}
