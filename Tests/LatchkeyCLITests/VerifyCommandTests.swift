import Foundation
import TestSupport
import Testing
import Vectors
import WebAuthn

@Suite struct VerifyCommandTests {
    static func ownCases() throws -> [VectorCase] {
        try JSONDecoder().decode(
            [VectorCase].self, from: Data(contentsOf: packageRoot.appendingPathComponent("Vectors/latchkey-security-key.json")))
    }

    func registrationJSON(_ c: VectorCase) -> [UInt8] {
        Array(
            #"{"id":"\#(c.credentialId!)","rawId":"\#(c.credentialId!)","type":"public-key","clientExtensionResults":{},"response":{"clientDataJSON":"\#(c.clientDataJSON)","attestationObject":"\#(c.attestationObject!)"}}"#
                .utf8)
    }

    @Test func registrationVerdictsAndExitCodes() async throws {
        let c = try #require(Self.ownCases().first { $0.ceremony == "registration" })
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.appendingPathComponent("root.der")
        try Data(Base64URL.decode(c.attestationTrustRoots![0])!).write(to: root)
        let ok = try await CLIRunner.run(
            [
                "verify", "registration", "--challenge", c.challenge, "--origin", "https://login.example.com",
                "--rp-id", c.rpId, "--trust-root", root.path,
            ], stdin: registrationJSON(c))
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let verdict = try JSONSerialization.jsonObject(with: Data(ok.stdout.utf8)) as! [String: Any]
        #expect(
            verdict["valid"] as? Bool == true && verdict["fmt"] as? String == "packed" && verdict["attestationType"] as? String == "basic")
        #expect(verdict["credentialId"] as? String == c.expected.credentialId)

        let wrongOrigin = try await CLIRunner.run(
            [
                "verify", "registration", "--challenge", c.challenge, "--origin", "https://evil.example",
                "--rp-id", c.rpId,
            ], stdin: registrationJSON(c))
        #expect(wrongOrigin.status == 1)
        #expect(wrongOrigin.stdout.contains(#""step" : "origin""#))

        let atPast = try await CLIRunner.run(
            [
                "verify", "registration", "--challenge", c.challenge, "--origin", "https://login.example.com",
                "--rp-id", c.rpId, "--trust-root", root.path, "--at", "2001-01-01T00:00:00Z",
            ], stdin: registrationJSON(c))
        #expect(atPast.status == 1 && atPast.stdout.contains(#""step" : "trustPath""#))

        for garbage in ["", "{", "[1,2]", #"{"id":"x","rawId":"+++","response":{}}"#] {
            let r = try await CLIRunner.run(
                ["verify", "registration", "--challenge", c.challenge, "--origin", "https://x", "--rp-id", "x"], stdin: Array(garbage.utf8))
            #expect(r.status == 1 && r.stdout.contains(#""valid" : false"#))
        }
        #expect(
            try await CLIRunner.run(["verify", "registration", "--challenge", "+/", "--origin", "https://x", "--rp-id", "x"]).status == 2)
    }

    @Test func authenticationVerdictsAndPossibleClone() async throws {
        let c = try #require(Self.ownCases().first { $0.ceremony == "authentication" && $0.expected.valid })
        var json =
            #"{"id":"\#(c.credentialId!)","rawId":"\#(c.credentialId!)","type":"public-key","clientExtensionResults":{},"response":{"clientDataJSON":"\#(c.clientDataJSON)","authenticatorData":"\#(c.authenticatorData!)","signature":"\#(c.signature!)""#
        if let uh = c.userHandle { json += #","userHandle":"\#(uh)""# }
        json += "}}"
        let base = [
            "verify", "authentication", "--challenge", c.challenge, "--origin", "https://login.example.com", "--rp-id", c.rpId,
            "--public-key", c.credentialPublicKey!,
        ]
        let ok = try await CLIRunner.run(base + ["--sign-count", String(c.prevSignCount ?? 0)], stdin: Array(json.utf8))
        #expect(ok.status == 0, "\(ok.stdout)")
        let clone = try await CLIRunner.run(base + ["--sign-count", "1000"], stdin: Array(json.utf8))
        #expect(clone.status == 1 && clone.stdout.contains(#""possibleClone" : true"#))
        let notAllowed = try await CLIRunner.run(base + ["--allow-credential", "AAAA"], stdin: Array(json.utf8))
        #expect(notAllowed.status == 1 && notAllowed.stdout.contains("allowCredentials"))
    }

    @Test func vectorsVerifyReportsAndExits() async throws {
        let ok = try await CLIRunner.run(["vectors", "verify", packageRoot.appendingPathComponent("Vectors").path])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("36 cases, 36 agree, 0 disagree, 0 unsupported"))
        // --verbose names every case and its outcome, also when all agree.
        let verbose = try await CLIRunner.run(["vectors", "verify", "--verbose", packageRoot.appendingPathComponent("Vectors").path])
        #expect(
            verbose.status == 0 && verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("AGREE ") }.count == 36, "\(verbose.stdout)")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases = try Self.ownCases()
        cases[0].expected.valid = false
        try Data(WebAuthnJSON.encode(cases)).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try await CLIRunner.run(["vectors", "verify", "--json", dir.path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains(#""disagree" : 1"#))
        try Data("not json".utf8).write(to: dir.appendingPathComponent("bad.json"))
        #expect(try await CLIRunner.run(["vectors", "verify", dir.path]).status == 1)
        let missing = try await CLIRunner.run(["vectors", "verify", "/nonexistent"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read /nonexistent"), "\(missing.stderr)")
        // A folder with no case files verifies nothing: that is a failure, not a green run.
        let empty = try CLIRunner.temporaryDirectory()
        let none = try await CLIRunner.run(["vectors", "verify", empty.path])
        #expect(none.status == 1 && none.stderr.contains("holds no *.json case files"), "\(none.stderr)")
    }
}
