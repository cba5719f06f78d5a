import Authenticator
import Foundation
import LatchkeyCrypto
import SQLite
import WebAuthn

/// The authenticator's `CredentialStore`, backed by the encrypted vault.
///
/// Private keys are parsed from the decrypted item only when a credential signs (listing an
/// RP's accounts parses none), then cached by credential id for the life of the unlocked vault. Counters: a per-credential or global
/// counter is written durably before the assertion is returned (WebAuthn: never let the stored
/// counter fall behind one an RP has seen). For counter-0 passkeys, last-used time is written at
/// most hourly, so signing does not cost an fsync.
public final class VaultCredentialStore: CredentialStore, @unchecked Sendable { // caches only under lock
    public let vault: Vault
    private var keyCache: [[UInt8]: CredentialKey] = [:]
    /// What this store last read or wrote for each credential's counter and last use, so
    /// `recordUse` can skip a query when it would write nothing.
    private var usage: [[UInt8]: (signCount: UInt32, lastUsed: Date?)] = [:]
    /// Each RP's credentials as last listed, valid while the vault's change stamp is the same:
    /// a long-lived process (a server's tests, a CTAP device) signs in repeatedly without
    /// reading and decrypting every account of the RP each time.
    private var listed: [String: (stamp: ChangeStamp, credentials: [StoredCredential])] = [:]
    private static let listedLimit = 256
    private let lock = NSLock()
    public static let lastUsedGranularity: TimeInterval = 3600

    public init(vault: Vault) { self.vault = vault }

    public func add(_ credential: StoredCredential) throws {
        // CTAP 2.1 §6.1.2 step 17: a new discoverable credential replaces the account's old one,
        // in the same transaction as the insert, so a failed insert keeps the old credential.
        let replaced =
            credential.discoverable
            ? try vault.passkeys(rpId: credential.rpId).filter { $0.item.discoverable && $0.item.userHandle == credential.userHandle }.map(
                \.id)
            : []
        let item = PasskeyItem(
            credentialId: credential.id, rpId: credential.rpId, rpName: credential.rpName, userName: credential.userName,
            userDisplayName: credential.userDisplayName, userHandle: credential.userHandle,
            privateKeyPKCS8: try credential.key.resolve().pkcs8.bytes, discoverable: credential.discoverable,
            backupEligible: credential.backupEligible, backupState: credential.backupState,
            counterMode: credential.counterMode, signCount: credential.signCount, aaguid: credential.aaguid,
            profile: credential.profileName, prfSecret: credential.hmacSecret?.bytes, credProtect: credential.credProtect,
            createdAt: credential.createdAt, lastUsedAt: credential.lastUsedAt)
        try vault.replace(removing: replaced, adding: .passkey(item))
        lock.lock()
        keyCache[credential.id] = credential.key
        lock.unlock()
    }

    public func credentials(forRP rpId: String) throws -> [StoredCredential] {
        let stamp = try vault.changeStamp()
        lock.lock()
        if let hit = listed[rpId], hit.stamp == stamp {
            lock.unlock()
            return hit.credentials
        }
        lock.unlock()
        let credentials = try list(rpId: rpId)
        lock.lock()
        if listed.count >= Self.listedLimit { listed.removeAll(keepingCapacity: true) }
        listed[rpId] = (stamp, credentials)
        lock.unlock()
        return credentials
    }

    private func list(rpId: String) throws -> [StoredCredential] {
        try vault.passkeys(rpId: rpId)
            .sorted { a, b in
                // Newest first; equal times fall back to credential id so the order is stable.
                a.item.createdAt != b.item.createdAt
                    ? a.item.createdAt > b.item.createdAt
                    : a.item.credentialId.lexicographicallyPrecedes(b.item.credentialId)
            }
            .map { try stored($0.item) }
    }

    public func credential(id: [UInt8]) throws -> StoredCredential? {
        try vault.passkey(credentialId: id).map { try stored($0.item) }
    }

    public func allCredentials() throws -> [StoredCredential] {
        try vault.items(kind: .passkey).compactMap { entry -> StoredCredential? in
            guard case .passkey(let item) = entry.item else { return nil }
            return try stored(item)
        }
    }

    public func recordUse(id: [UInt8], signCount: UInt32, at date: Date) throws {
        lock.lock()
        let known = usage[id]
        lock.unlock()
        if let known, known.signCount == signCount,
            let last = known.lastUsed, date.timeIntervalSince(last) < Self.lastUsedGranularity
        {
            return
        }
        guard let (recordId, item) = try vault.passkey(credentialId: id) else { return }
        let counterChanged = item.signCount != signCount
        let stale = item.lastUsedAt.map { date.timeIntervalSince($0) >= Self.lastUsedGranularity } ?? true
        guard counterChanged || stale else { return }
        var updated = item
        updated.signCount = signCount
        updated.lastUsedAt = date
        try vault.update(id: recordId, with: .passkey(updated))
        lock.lock()
        usage[id] = (signCount, updated.lastUsedAt)
        lock.unlock()
    }

    public func remove(id: [UInt8]) throws {
        if let (recordId, _) = try vault.passkey(credentialId: id) { try vault.remove(id: recordId) }
        lock.lock()
        keyCache[id] = nil
        lock.unlock()
    }

    func stored(_ item: PasskeyItem) throws -> StoredCredential {
        lock.lock()
        let key: CredentialKey
        if let cached = keyCache[item.credentialId] {
            key = cached
        } else {
            let pkcs8 = item.privateKeyPKCS8
            let id = item.credentialId
            key = CredentialKey {
                do { return try P256PrivateKey(pkcs8: pkcs8) } catch { throw VaultError.recordDamaged(id: hex(id)) }
            }
            keyCache[item.credentialId] = key
        }
        usage[item.credentialId] = (item.signCount, item.lastUsedAt)
        lock.unlock()
        return StoredCredential(
            id: item.credentialId, rpId: item.rpId, rpName: item.rpName, userHandle: item.userHandle, userName: item.userName,
            userDisplayName: item.userDisplayName, key: key, discoverable: item.discoverable, signCount: item.signCount,
            counterMode: item.counterMode, backupEligible: item.backupEligible,
            backupState: item.backupState, aaguid: item.aaguid, profileName: item.profile,
            hmacSecret: item.prfSecret.map(SecureBytes.init), credProtect: item.credProtect, createdAt: item.createdAt,
            lastUsedAt: item.lastUsedAt)
    }
}
