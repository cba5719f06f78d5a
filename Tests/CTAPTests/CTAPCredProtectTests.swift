import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import Vault
import WebAuthn

@testable import CTAP

/// credProtect (§12.1) through the CTAP command layer.
@Suite struct CTAPCredProtectTests {
    /// credProtect (§12.1): level 2 hides a credential from discoverable requests without UV,
    /// level 3 from every request without UV (exclude lists included); with UV all answer. The
    /// level is in the registration's authenticator data and in credential management.
    @Test func credProtectHidesCredentialsFromRequestsWithoutUV() throws {
        let host = CTAPHost(device: try CTAPDevice())
        var ids: [[UInt8]] = []
        for (user, level) in [(UInt8(1), 0), (2, 2), (3, 3)] {
            let made = host.makeCredential(user: [user], extensions: level == 0 ? [] : [(.text("credProtect"), .int(level))])
            #expect(made.status == .ok)
            let authData = try AuthenticatorData(bytes: try #require(made.body?[int: 2]?.bytesValue))
            ids.append(try #require(authData.attestedCredentialData?.credentialId))
            #expect(authData.extensions?[text: "credProtect"]?.intValue == (level == 0 ? nil : level))
        }
        let hash = CBOR.bytes(SystemRandom.bytes(32))
        func allow(_ list: [[UInt8]]) -> CBOR {
            .array(list.map { .map([(.text("id"), .bytes($0)), (.text("type"), .text("public-key"))]) })
        }
        let discoverable = host.call(.getAssertion, [(0x01, "example.com"), (0x02, hash)])
        #expect(
            discoverable.status == .ok && discoverable.body?[int: 4]?[text: "id"]?.bytesValue == [1] && discoverable.body?[int: 5] == nil)
        let listed = host.call(.getAssertion, [(0x01, "example.com"), (0x02, hash), (0x03, allow([ids[2], ids[1]]))])
        #expect(listed.status == .ok && listed.body?[int: 1]?[text: "id"]?.bytesValue == ids[1])
        #expect(host.call(.getAssertion, [(0x01, "example.com"), (0x02, hash), (0x03, allow([ids[2]]))]).status == .noCredentials)
        // An exclude list does not reveal a level-3 credential to a request without UV.
        let excludeThree: (Int, CBOR) = (0x05, allow([ids[2]]))
        let user4 = host.makeCredential(user: [4])
        #expect(user4.status == .ok)
        var params: [(Int, CBOR)] = [
            (0x01, hash), (0x02, .map([(.text("id"), .text("example.com"))])),
            (0x03, .map([(.text("id"), .bytes([5])), (.text("name"), .text("u5"))])),
            (0x04, .array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])), excludeThree,
        ]
        #expect(host.call(.makeCredential, params).status == .ok)
        params[4] = (0x05, allow([ids[1]]))
        #expect(host.call(.makeCredential, params).status == .credentialExcluded)

        // With UV (a PIN token), every credential answers.
        #expect(try host.setPIN("2468") == .ok)
        let token = try host.token("2468", permissions: 0x02 | 0x04, rpId: "example.com").get()
        let verified = host.call(
            .getAssertion,
            [
                (0x01, "example.com"), (0x02, hash),
                (0x06, .bytes(PinUvAuthProtocol.two.authenticate(key: token, hash.bytesValue ?? []))), (0x07, 2),
            ])
        #expect(verified.status == .ok && verified.body?[int: 5] == .int(4), "users 1–4 are discoverable; 5 is not")
        // Credential management reports each level.
        let managementToken = try host.token("2468", permissions: 0x04, rpId: "example.com").get()
        let rpHash = Digest.sha256("example.com")
        let first = host.manage(0x04, .map([(.int(1), .bytes(rpHash))]), token: managementToken)
        var levels = [first.body?[int: 0x0A]?.intValue]
        for _ in 1..<(first.body?[int: 0x09]?.intValue ?? 1) {
            levels.append(host.call(.credentialManagement, [(0x01, 5)]).body?[int: 0x0A]?.intValue)
        }
        #expect(levels.compactMap { $0 }.sorted() == [1, 1, 2, 3])
    }
}
