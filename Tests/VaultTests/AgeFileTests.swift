import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import Vault

/// The export's age format: files made by Debian's `age` open (Fixtures/README.md), our files
/// round-trip at every chunk boundary, and every malformed, modified, truncated or foreign file
/// is refused with a typed error.
@Suite struct AgeFileTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/VaultTests/Fixtures")
    static let agePassphrase = Array("correct horse battery staple".utf8)
    static let limit = 1 << 20

    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))) }

    func damaged(_ body: () throws -> Void) -> Bool {
        expectVaultError({ if case .exportDamaged = $0 { true } else { false } }, body)
    }

    @Test func filesMadeByAgeOpen() throws {
        let text = Array("hello from age -p\n".utf8)
        #expect(try AgeFile.decrypt(fixture("age-p-small.age"), passphrase: Self.agePassphrase, limit: Self.limit) == text)
        #expect(try AgeFile.decrypt(fixture("age-p-armored.age"), passphrase: Self.agePassphrase, limit: Self.limit) == text)
        // The same armor with CRLF line ends, as a Windows editor saves it (age reads it too).
        let crlf = try fixture("age-p-armored.age").flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
        #expect(try AgeFile.decrypt(crlf, passphrase: Self.agePassphrase, limit: Self.limit) == text)
        let two = try AgeFile.decrypt(fixture("age-p-two-chunks.age"), passphrase: Self.agePassphrase, limit: Self.limit)
        #expect(two == (0..<66536).map { UInt8($0 % 251) })
        #expect(
            expectVaultError({ $0 == .wrongPassphrase }) {
                _ = try AgeFile.decrypt(fixture("age-p-small.age"), passphrase: Array("wrong".utf8), limit: Self.limit)
            })
    }

    @Test func aFileForKeysIsNotAPassphraseFile() throws {
        #expect(
            expectVaultError({ if case .unsupportedExport(let why) = $0 { why.contains("X25519") } else { false } }) {
                _ = try AgeFile.decrypt(fixture("age-x25519.age"), passphrase: Self.agePassphrase, limit: Self.limit)
            })
    }

    @Test(arguments: [0, 1, 65535, 65536, 65537, 2 * 65536, 2 * 65536 + 7])
    func roundTripsAtEveryChunkBoundary(size: Int) throws {
        let plaintext = SystemRandom.bytes(size)
        for armored in [false, true] {
            let file = try AgeFile.encrypt(plaintext, passphrase: Array("pw".utf8), logN: 10, armored: armored)
            #expect(AgeFile.isAgeFile(file))
            #expect(try AgeFile.decrypt(file, passphrase: Array("pw".utf8), limit: Self.limit) == plaintext)
        }
    }

    @Test func everyChangeTruncationAndAppendIsRefused() throws {
        let plaintext = SystemRandom.bytes(65536 + 100)
        let file = try AgeFile.encrypt(plaintext, passphrase: Array("pw".utf8), logN: 10)
        let headerEnd = file.firstRange(of: Array("\n---".utf8))!.upperBound
        // A flipped bit anywhere: the header (its MAC, or the stanza when the passphrase key
        // no longer opens it), the nonce, either chunk.
        for offset in stride(from: 0, to: file.count, by: 97) + [headerEnd + 1, file.count - 1] {
            var bad = file
            bad[offset] ^= 0x04
            #expect(throws: VaultError.self, "offset \(offset)") {
                _ = try AgeFile.decrypt(bad, passphrase: Array("pw".utf8), limit: Self.limit)
            }
        }
        let payloadStart = file.firstIndex(of: 0x0A, after: headerEnd)! + 1
        // Cut at the chunk boundary (a full first chunk is not a last chunk), inside a chunk,
        // after the nonce; and a byte appended.
        for cut in [payloadStart + 16 + 65536 + 16, payloadStart + 16 + 10, payloadStart + 16, file.count - 1] {
            #expect(damaged { _ = try AgeFile.decrypt(Array(file.prefix(cut)), passphrase: Array("pw".utf8), limit: Self.limit) })
        }
        #expect(damaged { _ = try AgeFile.decrypt(file + [0], passphrase: Array("pw".utf8), limit: Self.limit) })
        #expect(
            expectVaultError({ if case .tooLarge = $0 { true } else { false } }) {
                _ = try AgeFile.decrypt(file, passphrase: Array("pw".utf8), limit: 65536)
            })
    }

    @Test func malformedHeadersAreRefusedBeforeAnyScryptWork() throws {
        let body = "pu0ua4riONhQ5wlZESZBnEiH9uP1LyCaABEPqAB9cEU"
        let mac = "RzIMMGYJDsZ0Az6kbUPxDg+yFzXkpGRQ9Arso5S/hmE"
        let cases: [String] = [
            "age-encryption.org/v2\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)\n--- \(mac)\n",
            "age-encryption.org/v1\n--- \(mac)\n", // no stanza
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA==  18\n\(body)\n--- \(mac)\n", // padding, empty argument
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DB 18\n\(body)\n--- \(mac)\n", // non-canonical base64
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 018\n\(body)\n--- \(mac)\n", // leading zero
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA +9\n\(body)\n--- \(mac)\n", // a sign
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)AA\n--- \(mac)\n", // 34-byte body
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)\n-> X25519 abc\n\n--- \(mac)\n", // not alone
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)\n---\(mac)\n",
            "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)", // truncated
            "age-encryption.org/v1\n" + String(repeating: "-> a\n\n", count: 100) + "--- \(mac)\n",
            "age-encryption.org/v1\n-> scrypt " + String(repeating: "A", count: 70_000) + "\n",
            "age-encryption.org/v1\n-> scr\u{7F}pt A+WcXPD85bQyR1BMAxB4DA 18\n\(body)\n--- \(mac)\n",
        ]
        for text in cases {
            #expect(
                damaged { _ = try AgeFile.decrypt(Array(text.utf8), passphrase: Array("pw".utf8), limit: Self.limit) },
                "\(text.prefix(120))")
        }
        // A work factor above the memory cap is refused as such, before scrypt runs.
        let costly = "age-encryption.org/v1\n-> scrypt A+WcXPD85bQyR1BMAxB4DA 22\n\(body)\n--- \(mac)\n"
        #expect(
            expectVaultError({ if case .unsupportedExport = $0 { true } else { false } }) {
                _ = try AgeFile.decrypt(Array(costly.utf8), passphrase: Array("pw".utf8), limit: Self.limit)
            })
        for armor in [
            "-----BEGIN AGE ENCRYPTED FILE-----\nYWdl\n", "-----BEGIN AGE ENCRYPTED FILE-----\nYW?l\n-----END AGE ENCRYPTED FILE-----\n",
        ] {
            #expect(damaged { _ = try AgeFile.decrypt(Array(armor.utf8), passphrase: Array("pw".utf8), limit: Self.limit) })
        }
    }

    /// Random bytes after a valid version line, and random cuts of a real file: always a typed
    /// error, never a crash or a hang.
    @Test func fuzzedFilesGetATypedError() throws {
        let file = try AgeFile.encrypt(Array("payload".utf8), passphrase: Array("pw".utf8), logN: 10, armored: false)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bad = file
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<bad.count, using: &generator)
                bad[at] = [0x0A, 0x20, 0x2D, 0x3E, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)!
            }
            if bad == file { continue }
            #expect(throws: VaultError.self) { _ = try AgeFile.decrypt(bad, passphrase: Array("pw".utf8), limit: Self.limit) }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func firstIndex(of byte: UInt8, after index: Int) -> Int? { self[index...].firstIndex(of: byte) }
}
