import Authenticator
import Foundation
import Testing

@testable import CTAP

/// A store that cannot be read is an error the host sees, never an empty device: getInfo would
/// otherwise report every resident slot as free.
@Suite struct CTAPStoreFailureTests {
    struct Unreadable: Error {}

    /// Every read and write fails, as a damaged or locked vault does.
    final class UnreadableStore: CredentialStore {
        func add(_ credential: StoredCredential) throws { throw Unreadable() }
        func credentials(forRP rpId: String) throws -> [StoredCredential] { throw Unreadable() }
        func credential(id: [UInt8]) throws -> StoredCredential? { throw Unreadable() }
        func allCredentials() throws -> [StoredCredential] { throw Unreadable() }
        func recordUse(id: [UInt8], signCount: UInt32, at date: Date) throws { throw Unreadable() }
        func remove(id: [UInt8]) throws { throw Unreadable() }
    }

    @Test func getInfoOnAnUnreadableStoreIsAnErrorNotAnEmptyDevice() throws {
        let host = CTAPHost(device: try CTAPDevice(store: UnreadableStore(), allowReset: false))
        let info = host.call(.getInfo)
        #expect(info.status == .other)
        #expect(info.body?[int: 0x14] == nil, "no remainingDiscoverableCredentials invented")
    }
}
