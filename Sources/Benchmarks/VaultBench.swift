import Authenticator
import Foundation
import LatchkeyCrypto
import Vault

/// The vault rows of `latchkey bench`: a temporary vault of `records` passkeys (spread over
/// RPs of ten accounts each) built in one transaction, then lookups, unlock, commits and signing.
enum VaultBench {
    /// `measureRatio` measures a named signing rate against the sign baseline and records its row.
    static func run(records: Int, measureRatio: (String, () throws -> Void) throws -> Void) throws -> [BenchRow] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // best-effort cleanup of the benchmark's temporary vault; a leftover folder does not change the results
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("vault.db").path
        let passphrase = Array("bench passphrase".utf8)
        let vault = try Vault.create(at: path, passphrase: passphrase, kdf: .init(logN: 14))

        // Key material is not what is measured here, so 256 keys are shared across the records.
        let keys = try (0..<256).map { _ in try P256PrivateKey.generate().pkcs8.bytes }
        let rpCount = max(1, records / 10)
        let items: [VaultItem] = (0..<records).map { i in
            .passkey(
                PasskeyItem(
                    credentialId: SystemRandom.bytes(16), rpId: "rp\(i % rpCount).bench.example", rpName: nil,
                    userName: "user\(i)", userDisplayName: "User \(i)", userHandle: SystemRandom.bytes(16),
                    privateKeyPKCS8: keys[i % keys.count], discoverable: true, backupEligible: true, backupState: true,
                    counterMode: .zero, signCount: 0, aaguid: AuthenticatorProfile.icloud.aaguid, profile: "icloud",
                    prfSecret: nil, createdAt: Date(), lastUsedAt: nil))
        }
        let clock = ContinuousClock()
        var t = clock.now
        try vault.addAll(items)
        let insertSeconds = (clock.now - t).seconds
        var rows: [BenchRow] = []
        rows.append(.init(name: "vault-batch-insert", perSecond: Double(records) / insertSeconds))

        var lookups: [Double] = []
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let rp = "rp\(Int.random(in: 0..<rpCount, using: &rng)).bench.example"
            t = clock.now
            let found = try vault.passkeys(rpId: rp)
            lookups.append((clock.now - t).seconds)
            precondition(found.count == 10 || records < 10)
        }
        lookups.sort()
        rows.append(.latency("vault-rpid-lookup-p50", lookups[lookups.count / 2]))
        rows.append(.latency("vault-rpid-lookup-p99", lookups[lookups.count * 99 / 100]))

        var unlocks: [Double] = []
        for _ in 0..<5 { unlocks.append(try Vault.open(at: path, passphrase: passphrase).unlockTimings.rest.seconds) }
        unlocks.sort()
        rows.append(.latency("vault-unlock-excluding-kdf", unlocks[unlocks.count / 2]))

        var commits: [Double] = []
        for i in 0..<100 {
            t = clock.now
            try vault.add(.password(PasswordItem(domain: "commit.example", username: "u\(i)", password: "p")))
            commits.append((clock.now - t).seconds)
        }
        commits.sort()
        rows.append(.latency("vault-single-commit-p50", commits[commits.count / 2]))

        // Signing through the vault: a discoverable login at an RP with one passkey, and at one
        // with ten accounts (listed from the store's cache while the vault is unchanged; only the
        // chosen key is ever parsed).
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: VaultCredentialStore(vault: vault))
        _ = try authenticator.makeCredential(
            MakeCredentialRequest(
                clientDataHash: Digest.sha256("solo"), rpId: "solo.bench.example", userHandle: [1], userName: "solo",
                userDisplayName: "Solo",
                pubKeyCredParams: [.init(alg: .es256)], residentKey: true, userVerification: true))
        for (name, rp) in [("getAssertion-vault", "solo.bench.example"), ("getAssertion-vault-10-accounts", "rp0.bench.example")] {
            let request = GetAssertionRequest(rpId: rp, clientDataHash: Digest.sha256("bench"), userVerification: true)
            _ = try authenticator.getAssertion(request) // warm the key cache, as an unlocked session would be
            try measureRatio(name) { _ = try authenticator.getAssertion(request) }
        }

        let db = try SQLiteFileSize.total(path)
        rows.append(.init(name: "vault-bytes-per-passkey", value: Double(db) / Double(records), unit: "bytes"))
        return rows
    }
}

enum SQLiteFileSize {
    static func total(_ path: String) throws -> Int {
        ["", "-wal"].reduce(0) { sum, suffix in
            // a missing -wal file (never written, or checkpointed away) counts as zero bytes
            sum + (((try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
