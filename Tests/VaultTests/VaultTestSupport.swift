import Foundation
import LatchkeyCrypto
import SQLite
import TestSupport
import Testing

@testable import Vault

/// Fast KDF parameters: the vault refuses anything below logN=10.
let testKDF = Scrypt.Parameters(logN: 10, r: 8, p: 1)
let passphrase = Array("correct horse battery staple".utf8)

func temporaryVaultPath() -> String {
    try! ScratchDirectory.make("vault").appendingPathComponent("vault.db").path
}

func makeVault(_ path: String = temporaryVaultPath()) throws -> Vault {
    try Vault.create(at: path, passphrase: passphrase, kdf: testKDF)
}

func samplePassword(_ n: Int = 0) -> VaultItem {
    .password(
        PasswordItem(
            domain: "example.com", username: "user\(n)@example.com", password: "hunter\(n)!",
            createdAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_000)))
}

/// Raw SQL against the vault file, as an attacker with file access would do.
func tamper(_ path: String, _ sql: String, binds: [[UInt8]] = []) throws {
    let db = try Database(path: path)
    let s = try db.prepare(sql)
    for (i, b) in binds.enumerated() { try s.bind(Int32(i + 1), b) }
    try s.run()
}

func rows(_ path: String) throws -> [(id: [UInt8], kind: Int64, version: Int64, epoch: Int64, blob: [UInt8])] {
    let db = try Database(path: path)
    let s = try db.prepare("SELECT id, kind, version, key_epoch, blob FROM items ORDER BY id")
    var out: [(id: [UInt8], kind: Int64, version: Int64, epoch: Int64, blob: [UInt8])] = []
    while try s.step() { out.append((s.blob(0)!, s.int(1), s.int(2), s.int(3), s.blob(4)!)) }
    return out
}

func expectVaultError(_ expected: (VaultError) -> Bool, _ body: () throws -> Void) -> Bool {
    do {
        try body()
        return false
    } catch let e as VaultError { return expected(e) } catch { return false }
}

/// Opening the vault at `path` is refused as header damage, and the process's peak memory
/// grows by less than 512 MiB while it is refused: the KDF parameters were rejected before
/// scrypt reserved anything (the refused parameters need 1 GiB or more). The peak is the whole
/// process's, and parallel tests run scrypt at 128 MiB too, hence the room. (Memory, not time:
/// a timed bound would depend on the machine.)
func expectRefusedAsDamageWithoutAllocating(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let before = usage.ru_maxrss
    #expect(
        expectVaultError({
            if case .headerDamaged = $0 { return true }
            return false
        }) { _ = try Vault.open(at: path, passphrase: passphrase) },
        sourceLocation: sourceLocation)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #expect(usage.ru_maxrss - before < 512 * 1024, "peak RSS grew by \(usage.ru_maxrss - before) KiB", sourceLocation: sourceLocation)
}
