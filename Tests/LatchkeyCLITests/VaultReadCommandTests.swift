import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import WebAuthn

/// `vault read` (one field for scripts) and passkeys told apart by credential id in `vault list`
/// and on the sheet, as Chromium's virtual authenticator lists them.
@Suite struct VaultReadCommandTests {
    typealias Device = PickerCommandTests.Device

    /// The credential id and SPKI public key `create` returned.
    func created(_ result: ProcessRunner.Result) throws -> (id: String, spki: [UInt8]) {
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let response = try #require(json["response"] as? [String: Any])
        let publicKey = try #require(response["publicKey"] as? String)
        return (try #require(json["id"] as? String), try #require(Base64URL.decode(publicKey)))
    }

    @Test func twoPasskeysOfOneUserNameAreToldApartAndEachFieldReads() async throws {
        let d = try await Device()
        let first = try await created(try d.createPasskey(name: "ada", user: "AQID"))
        let second = try await created(try d.createPasskey(name: "ada", user: "BAUG"))
        #expect(first.id != second.id)

        let list = try await d.run(["vault", "list", "--kind", "passkey"]).stdout.split(separator: "\n").map(String.init)
        #expect(list.count == 2)
        for credential in [first, second] {
            let line = try #require(list.first { $0.contains("credential \(credential.id)  signCount 0") }, "\(list)")
            let id = String(line.prefix(32))
            await #expect(try d.run(["vault", "read", "\(id)/credential-id"]).stdout == credential.id + "\n")
            await #expect(try d.run(["vault", "read", "\(id.prefix(8))/sign-count", "--no-newline"]).stdout == "0")
            // The public key, in both forms, is the one the RP got at registration.
            let cose = try await #require(Base64URL.decode(try d.run(["vault", "read", "\(id)/public-key", "--no-newline"]).stdout))
            #expect(try COSEKey(bytes: cose).publicKey().spki == credential.spki)
            let pem = try await d.run(["vault", "read", "\(id)/public-key-pem"]).stdout
            #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----\n") && pem.hasSuffix("-----END PUBLIC KEY-----\n"))
            let body = pem.split(separator: "\n").dropFirst().dropLast().joined()
            #expect(Data(base64Encoded: body).map(Array.init) == credential.spki)
            await #expect(try d.run(["vault", "read", "\(id)/password"]).status == 2, "a passkey has no password")
        }
        await #expect(
            Set([
                try d.run(["vault", "read", "\(list[0].prefix(32))/user-handle"]).stdout,
                try d.run(["vault", "read", "\(list[1].prefix(32))/user-handle"]).stdout,
            ])
                == ["AQID\n", "BAUG\n"])

        // SITE/USERNAME names both: a usage error that lists them, never one picked.
        let ambiguous = try await d.run(["vault", "read", "example.com/ada/public-key"])
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("2 items match"), "\(ambiguous.stderr)")

        // The sheet shows the start of each credential id when the names are alike.
        let sheet = try await d.get("passkey", "always", ["--choose", "first"]).stderr
        #expect(sheet.contains("credential \(first.id.prefix(12))…") && sheet.contains("credential \(second.id.prefix(12))…"), "\(sheet)")
    }

    @Test func passwordFieldsReadBySiteAndUsername() async throws {
        let d = try await Device()
        await #expect(
            try d.run(["vault", "add-password", "--domain", "example.com", "--username", "a/b", "--notes", "n 1"], stdin: "pw-1\n").status
                == 0)
        await #expect(try d.run(["vault", "read", "example.com/a%2Fb/password"]).stdout == "pw-1\n")
        await #expect(try d.run(["vault", "read", "EXAMPLE.com/a%2Fb/notes"]).stdout == "n 1\n")
        await #expect(try d.run(["vault", "read", "example.com/a%2Fb/public-key"]).status == 1, "no passkey of that name")
        await #expect(try d.run(["vault", "read", "example.com/nobody/password"]).status == 1)
        // A site saved as a URL is read by its host.
        await #expect(
            try d.run(["vault", "add-password", "--domain", "https://Shop.example.com:8443", "--username", "carl"], stdin: "pw-2\n").status
                == 0)
        await #expect(try d.run(["vault", "read", "shop.example.com/carl/password"]).stdout == "pw-2\n")
        for malformed in ["example.com", "a/b/c/d", "example.com//password", "zz/password", "abc/password", "example.com/a/nope"] {
            await #expect(try d.run(["vault", "read", malformed]).status == 2, "\(malformed)")
        }
        await #expect(try d.run(["vault", "read", "0123456789/password"]).status == 1, "no such id")
        await #expect(try d.run(["vault", "read", "example.com/a%2Fb/password"], stdin: "").status == 0)
        let wrong = try await CLIRunner.run(
            ["vault", "read", "example.com/a%2Fb/password"],
            environment: ["LATCHKEY_VAULT": d.dir.appendingPathComponent("v.db").path, "LATCHKEY_PASSPHRASE": "wrong"])
        #expect(wrong.status == 4 && !wrong.stdout.contains("pw-1"))
    }
}
