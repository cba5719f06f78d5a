import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import Vault
import WebAuthn

@testable import CTAP

/// The device's room for discoverable credentials (issue 18): getInfo's
/// remainingDiscoverableCredentials tells the truth, a full device answers KEY_STORE_FULL and
/// writes nothing, and credential management's deletions make room again.
@Suite struct CTAPResidentCapacityTests {
    func remaining(_ host: CTAPHost) -> Int? { host.call(.getInfo).body?[int: 0x14]?.intValue }
    func discoverable(_ device: CTAPDevice) throws -> Int { try device.store.allCredentials().filter(\.discoverable).count }

    @Test func aFullDeviceAnswersKeyStoreFullAndWritesNothing() throws {
        let device = try CTAPDevice(residentCapacity: 3)
        let host = CTAPHost(device: device)
        #expect(remaining(host) == 3)
        for user in UInt8(1)...3 {
            #expect(host.makeCredential(user: [user]).status == .ok)
            #expect(remaining(host) == 3 - Int(user))
        }
        // Non-discoverable credentials live in the credential ID, not in the device's room.
        #expect(host.makeCredential(user: [9], rk: false).status == .ok)
        #expect(remaining(host) == 0)
        let stored = try device.store.allCredentials().count
        #expect(host.makeCredential(user: [4]).status == .keyStoreFull)
        #expect(try device.store.allCredentials().count == stored, "a refused credential was written")
        #expect(try discoverable(device) == 3)
        // An account's new credential replaces its old one, so it needs no room.
        #expect(host.makeCredential(user: [2]).status == .ok)
        #expect(try discoverable(device) == 3)

        #expect(try host.setPIN("2468") == .ok)
        let token = try host.token("2468", permissions: 0x04, rpId: nil).get()
        let metadata = host.manage(1, token: token)
        #expect(metadata.body?[int: 1] == .int(3) && metadata.body?[int: 2] == .int(0))
        let listed = host.manage(4, .map([(.int(1), .bytes(Digest.sha256("example.com")))]), token: token)
        let descriptor = try #require(listed.body?[int: 7])
        #expect(host.manage(6, .map([(.int(2), descriptor)]), token: token).status == .ok)
        #expect(remaining(host) == 1)
        #expect(host.manage(1, token: token).body?[int: 2] == .int(1))
        let make = try host.token("2468", permissions: 0x01, rpId: "example.com").get()
        #expect(host.makeCredential(user: [4], token: make).status == .ok)
        #expect(remaining(host) == 0)
    }
}
