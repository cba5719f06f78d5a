import Foundation
import TestSupport
import Testing

/// CXF documents written by hand, in exactly the form `vault export` writes a password item.
enum VaultLargeRoundTrip {
    static func passwordItem(
        domain: String, username: String, password: String, notes: String? = nil, includeSubdomains: Bool = false,
        createdMs: Int64, updatedMs: Int64? = nil
    ) -> [String: Any] {
        var credentials: [[String: Any]] = [
            [
                "type": "basic-auth", "username": ["fieldType": "string", "value": username],
                "password": ["fieldType": "concealed-string", "value": password],
            ]
        ]
        if let notes { credentials.append(["type": "note", "content": ["fieldType": "string", "value": notes]]) }
        let updated = updatedMs ?? createdMs
        let host = URLComponents(string: domain).flatMap { $0.scheme != nil ? $0.host : nil } ?? domain
        return [
            "id": UUID().uuidString, "creationAt": createdMs / 1000, "modifiedAt": updated / 1000, "title": host.lowercased(),
            "credentials": credentials,
            "scope": ["urls": [domain.contains("://") ? domain : "https://\(domain)"], "androidApps": [String]()],
            "extensions": [
                [
                    "name": "latchkey", "createdAtMs": createdMs, "updatedAtMs": updated, "domain": domain,
                    "includeSubdomains": includeSubdomains,
                ]
            ],
        ]
    }

    static func document(_ items: [[String: Any]]) -> String {
        let doc: [String: Any] = [
            "version": ["major": 1, "minor": 0], "exporterRpId": "test.example", "exporterDisplayName": "test", "timestamp": 1_700_000_000,
            "accounts": [["id": "YQ", "username": "", "email": "", "items": items]],
        ]
        let data = try! JSONSerialization.data(withJSONObject: doc, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Items by user name, without the item id (a password item's id is new at every export).
    static func itemsByUser(_ json: String) throws -> [String: NSDictionary] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let accounts = try #require(doc["accounts"] as? [[String: Any]])
        var out: [String: NSDictionary] = [:]
        for account in accounts {
            for var item in try #require(account["items"] as? [[String: Any]]) {
                item["id"] = nil
                let credentials = try #require(item["credentials"] as? [[String: Any]])
                let user = try #require((credentials.first?["username"] as? [String: Any])?["value"] as? String)
                out[user] = item as NSDictionary
            }
        }
        return out
    }
}

/// `vault export` → `vault import` of a 10,000-item, 10 MB vault through the CLI (issue 18, #8):
/// every export imports, and every field of every item comes back.
@Suite struct VaultLargeRoundTripCLITests {
    @Test func tenThousandItemExportImportsThroughTheCLI() async throws {
        let note = String(repeating: "recovery code 1234-5678 ✓ ", count: 32)
        var items: [[String: Any]] = []
        for i in 0..<10_000 {
            let domain = i % 2 == 0 ? "site\(i % 500).example" : "https://login.site\(i % 500).example:\(8000 + i % 40)/p"
            let created = 1_600_000_000_000 + Int64(i) * 1_337
            items.append(
                VaultLargeRoundTrip.passwordItem(
                    domain: domain, username: "user\(i)@example.com", password: "pw-\(i)-🔑",
                    notes: i % 5 == 0 ? nil : note + "#\(i)", includeSubdomains: i % 3 == 0,
                    createdMs: created, updatedMs: created + Int64(i % 97) * 3_600_123))
        }
        let source = VaultLargeRoundTrip.document(items)
        #expect(source.utf8.count >= 10_000_000, "\(source.utf8.count) bytes")

        let a = try await VaultCommandTests().fresh()
        let file = a.dir.appendingPathComponent("source.json")
        try Data(source.utf8).write(to: file)
        let seeded = try await a.run(["vault", "import", file.path])
        #expect(seeded.status == 0 && seeded.stdout.contains("imported 10000 items"), "\(seeded.stderr)")

        let sealed = a.dir.appendingPathComponent("all.lkx").path
        let exported = try await a.run(["vault", "export", "--out", sealed], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: sealed)[.size] as? Int ?? 0
        #expect(size >= 10_000_000, "the export is \(size) bytes")

        let b = try await VaultCommandTests().fresh()
        let imported = try await b.run(["vault", "import", sealed], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"])
        #expect(imported.status == 0 && imported.stdout.contains("imported 10000 items"), "\(imported.stderr)")

        let back = try await b.run(["vault", "export", "--out", "-", "--plaintext", "--confirm-plaintext"])
        #expect(back.status == 0, "\(back.stderr)")
        let expected = try VaultLargeRoundTrip.itemsByUser(source)
        let got = try VaultLargeRoundTrip.itemsByUser(back.stdout)
        #expect(got.count == 10_000)
        let differing = expected.keys.sorted().filter { got[$0] != expected[$0] }
        #expect(
            differing.isEmpty,
            "\(differing.count) items differ, first \(differing.first.map { "\(String(describing: expected[$0])) ≠ \(String(describing: got[$0]))" } ?? "")"
        )

        // With 10,000 random ids, some share their first 4 hex digits: such a prefix is ambiguous (2).
        let list = try await b.run(["vault", "list", "--json"])
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        #expect(ids.count == 10_000)
        let shared = try #require(Dictionary(grouping: ids) { String($0.prefix(4)) }.first { $0.value.count > 1 })
        let ambiguous = try await b.run(["vault", "show", shared.key])
        #expect(
            ambiguous.status == 2 && ambiguous.stderr.contains("ambiguous") && ambiguous.stderr.contains(shared.value[0]),
            "\(ambiguous.stderr)")
        await #expect(try b.run(["vault", "remove", shared.key]).status == 2)
        await #expect(try b.run(["vault", "show", shared.value[0]]).status == 0)
    }
}
