import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// Every export must import (issue 18, #8): a vault of 10,000 items exports to more than 10 MB,
/// and that very export, sealed and opened, imports into a fresh vault with every field of
/// every item equal. (The CLI runs the same path once in `VaultLargeRoundTripCLITests`.)
@Suite struct LargeExportRoundTripTests {
    static let passwordCount = 9_900
    static let passkeyCount = 100

    /// Items that use every field: URL sites with ports and paths, subdomain matching, notes
    /// (absent on some), non-ASCII text, millisecond times; passkeys with prf secrets, credProtect,
    /// last-used times, each counter mode and backup flags.
    static func items() throws -> [VaultItem] {
        var rng = SplitMix64(seed: 0x10_000)
        var out: [VaultItem] = []
        let note = String(repeating: "recovery code 1234-5678 ✓ ", count: 28) // ~730 bytes
        for i in 0..<passwordCount {
            let domain =
                switch i % 4 {
                case 0: "site\(i % 700).example"
                case 1: "https://login.site\(i % 700).example:\(8000 + i % 50)/path?q=\(i)"
                case 2: "http://10.0.\(i % 200).\(i % 250)"
                default: "Site\(i % 700).Example.org"
                }
            let created = Date(timeIntervalSince1970: 1_600_000_000 + Double(i) * 37.125)
            out.append(
                .password(
                    PasswordItem(
                        domain: domain, username: "user\(i)@例え.example", password: "pw-\(rng.next())-🔑",
                        notes: i % 5 == 0 ? nil : note + "#\(i)", includeSubdomains: i % 3 == 0,
                        createdAt: created, updatedAt: created.addingTimeInterval(Double(i % 97) * 3600.5))))
        }
        let modes: [CounterMode] = [.zero, .perCredential]
        for i in 0..<passkeyCount {
            let credentialId = (0..<(16 + i % 48)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            out.append(
                .passkey(
                    PasskeyItem(
                        credentialId: credentialId, rpId: "rp\(i % 10).example.com", rpName: i % 2 == 0 ? "RP \(i) ✓" : nil,
                        userName: "alice\(i)", userDisplayName: i % 7 == 0 ? "" : "Alice \(i)", userHandle: Array("handle-\(i)".utf8),
                        privateKeyPKCS8: try P256PrivateKey.generate().pkcs8.bytes, discoverable: i % 2 == 0, backupEligible: i % 3 != 0,
                        backupState: i % 3 == 1, counterMode: modes[i % modes.count], signCount: 0,
                        aaguid: AAGUID(bytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) })!,
                        profile: i % 2 == 0 ? "icloud" : "security-key",
                        prfSecret: i % 4 == 0 ? nil : (0..<64).map { _ in UInt8.random(in: 0...255, using: &rng) },
                        credProtect: [.userVerificationOptional, .userVerificationOptionalWithCredentialIDList, .userVerificationRequired][
                            i % 3],
                        createdAt: Date(timeIntervalSince1970: 1_700_000_000.5 + Double(i)),
                        lastUsedAt: i % 2 == 0 ? nil : Date(timeIntervalSince1970: 1_710_000_000.25 + Double(i)))))
        }
        return out
    }

    /// A stable order for comparing two sets of items.
    static func key(_ item: VaultItem) -> String {
        switch item {
        case .password(let p): return "password \(p.domain) \(p.username)"
        case .passkey(let p): return "passkey " + Base64URL.encode(p.credentialId)
        default: return "\(item)"
        }
    }

    @Test func tenThousandItemsAndTenMegabytesRoundTripEveryField() throws {
        let source = try makeVault()
        try source.addAll(try Self.items())
        let stored = try source.items().map(\.item)
        #expect(stored.count == Self.passwordCount + Self.passkeyCount)

        let (doc, skipped) = CXFDocument.export(stored)
        #expect(skipped.isEmpty)
        let json = try doc.encoded(pretty: true)
        #expect(json.count >= 10_000_000, "the export is \(json.count) bytes")
        let file = try ExportContainer.seal(json, passphrase: Array("export pass".utf8), kdf: testKDF)
        let opened = try ExportContainer.open(file, passphrase: Array("export pass".utf8))
        #expect(opened == json)

        let imported = try CXFDocument.decode(opened).vaultItems(publicSuffixList: try PublicSuffixList.loadSystem())
        let fresh = try makeVault()
        let report = try fresh.importItems(imported)
        #expect(report.imported == stored.count && report.identical.isEmpty && report.conflicting.isEmpty)

        let expected = stored.sorted { Self.key($0) < Self.key($1) }
        let got = try fresh.items().map(\.item).sorted { Self.key($0) < Self.key($1) }
        #expect(got.count == expected.count)
        // Items are Equatable over every field they store: the first difference, if any, is named.
        let firstDifference = zip(expected, got).first { $0 != $1 }
        #expect(firstDifference == nil, "\(String(describing: firstDifference))")

        // Importing the same file again finds every item identical: nothing is added.
        let again = try fresh.importItems(imported)
        #expect(again.imported == 0 && again.identical.count == stored.count)
    }

    /// One limit for both directions: what `encoded` refuses to write is what `decode` refuses
    /// to read, and nothing below it is refused.
    @Test func exportAndImportShareOneLimit() throws {
        #expect(CXFDocument.maximumEncodedLength == ExportContainer.maximumPayload)
        let doc = CXFDocument.export([]).0
        var big = try doc.encoded(pretty: true)
        big.removeLast() // the closing brace
        big += Array(#", "padding": ""#.utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array("\"}".utf8)
        #expect(big.count > WebAuthnJSON.maximumLength)
        #expect(try CXFDocument.decode(big) == doc)
        let over = [UInt8](repeating: 0x20, count: CXFDocument.maximumEncodedLength + 1)
        #expect(throws: VaultError.tooLarge("a CXF document is larger than \(CXFDocument.maximumEncodedLength) bytes")) {
            try CXFDocument.decode(over)
        }
    }
}
