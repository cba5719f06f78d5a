import Foundation
import Testing
import WebAuthn

@testable import Authenticator

/// A store that works until told to fail, then throws its own typed error from every read.
final class FailingStore: CredentialStore, @unchecked Sendable {
    struct Unreadable: Error, Equatable {}
    let inner = InMemoryCredentialStore()
    var failReads = false
    var failWrites = false

    func add(_ credential: StoredCredential) throws {
        if failWrites { throw Unreadable() }
        try inner.add(credential)
    }
    func credentials(forRP rpId: String) throws -> [StoredCredential] {
        if failReads { throw Unreadable() }
        return try inner.credentials(forRP: rpId)
    }
    func credential(id: [UInt8]) throws -> StoredCredential? {
        if failReads { throw Unreadable() }
        return try inner.credential(id: id)
    }
    func allCredentials() throws -> [StoredCredential] {
        if failReads { throw Unreadable() }
        return try inner.allCredentials()
    }
    func recordUse(id: [UInt8], signCount: UInt32, at date: Date) throws { try inner.recordUse(id: id, signCount: signCount, at: date) }
    func remove(id: [UInt8]) throws { try inner.remove(id: id) }
}

@Suite struct StoreFailureTests {
    /// CTAP 2.1 §6.1.2 step 11 must not be skipped when the store cannot answer: the ceremony
    /// fails with the store's own error and no second credential is created.
    @Test func storeFailureDuringExcludeCheckCreatesNothing() throws {
        let store = FailingStore()
        let h = try Harness(store: store)
        let (first, _) = try h.register(h.creationOptions())
        #expect(store.inner.count == 1)
        store.failReads = true
        do {
            _ = try h.register(h.creationOptions(user: Array("user-2".utf8), exclude: [first.rawId.bytes]))
            Issue.record("a credential was created although the exclude check could not run")
        } catch let error as ClientError {
            #expect(error.ctapError == .other)
            #expect(error.underlying is FailingStore.Unreadable, "\(String(describing: error.underlying))")
        }
        #expect(store.inner.count == 1)
    }

    @Test func storeWriteFailureKeepsItsCause() throws {
        let store = FailingStore()
        let h = try Harness(store: store)
        store.failWrites = true
        do {
            _ = try h.register(h.creationOptions())
            Issue.record("registration succeeded although the store refused the write")
        } catch let error as ClientError {
            #expect(error.ctapError == .keyStoreFull)
            #expect(error.underlying is FailingStore.Unreadable)
        }
        #expect(store.inner.count == 0)
    }

    @Test func storeFailureDuringAssertionKeepsItsCause() throws {
        let store = FailingStore()
        let h = try Harness(store: store)
        _ = try h.register(h.creationOptions())
        store.failReads = true
        do {
            _ = try h.client.get(options: h.requestOptions(), origin: h.origin)
            Issue.record("an assertion was made although the store could not be read")
        } catch {
            #expect(error.name == .notAllowedError && error.ctapError == .other)
            #expect(error.underlying is FailingStore.Unreadable)
        }
    }
}
