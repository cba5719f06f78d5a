import Foundation
import TestSupport
import Testing

/// Our authenticator's output, judged by independent RP libraries: py_webauthn (Duo) and
/// python-fido2 (Yubico), installed into `.venv` by `.ci/run`.
@Suite struct InteropTests {
    static let python = packageRoot.appendingPathComponent(".venv/bin/python")
    static let script = packageRoot.appendingPathComponent("Tests/Interop/cross_verify.py")
    static var available: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    struct Summary: Decodable {
        var cases: Int
        var py_webauthn_agree: Int
        var fido2_agree: Int
    }

    static func crossVerify(_ path: String) async throws -> (Int32, Summary?, String) {
        let r = try await CLIRunner.run(executable: python, [script.path, path])
        return (r.status, try? JSONDecoder().decode(Summary.self, from: Data(r.stdout.utf8)), r.stdout + r.stderr)
    }

    /// In CI the venv must exist; elsewhere the suite is reported as skipped, never as passed.
    @Test func independentVerifiersAreInstalledInCI() {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            #expect(Self.available, "CI must run .ci/run, which installs .venv with webauthn, fido2 and cbor2")
        }
    }

    @Test(.enabled(if: available, "needs .venv with webauthn, fido2, cbor2 (run .ci/run)"))
    func committedVectorsAreAcceptedByBothLibraries() async throws {
        let (status, summary, output) = try await Self.crossVerify(packageRoot.appendingPathComponent("Vectors").path)
        #expect(status == 0, "\(output)")
        let s = try #require(summary)
        #expect(s.cases == 36 && s.py_webauthn_agree == 36 && s.fido2_agree == 36)
    }

    @Test(.enabled(if: available, "needs .venv with webauthn, fido2, cbor2 (run .ci/run)"))
    func freshlyGeneratedVectorsAreAcceptedByBothLibraries() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let seed = String(UInt64.random(in: 1...UInt64.max))
        #expect(try await CLIRunner.run(["vectors", "generate", "--out", dir.path, "--seed", seed, "--count", "2"]).status == 0)
        let (status, summary, output) = try await Self.crossVerify(dir.path)
        #expect(status == 0, "seed \(seed): \(output)")
        #expect(summary?.cases == 72)
    }

    /// The same authenticator with the encrypted vault as its credential store.
    @Test(.enabled(if: available, "needs .venv with webauthn, fido2, cbor2 (run .ci/run)"))
    func vaultBackedVectorsAreAcceptedByBothLibraries() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = try await CLIRunner.run(["vectors", "generate", "--out", dir.path, "--seed", "99", "--store", "vault"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let (status, summary, output) = try await Self.crossVerify(dir.path)
        #expect(status == 0, "\(output)")
        #expect(summary?.cases == 36 && summary?.py_webauthn_agree == 36 && summary?.fido2_agree == 36)
    }

    /// The checker itself must be able to fail: a case whose expectation lies is reported.
    @Test(.enabled(if: available, "needs .venv with webauthn, fido2, cbor2 (run .ci/run)"))
    func crossCheckerDetectsAWrongExpectation() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = packageRoot.appendingPathComponent("Vectors/latchkey-security-key.json")
        var cases = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as! [[String: Any]]
        var expected = cases[0]["expected"] as! [String: Any]
        expected["flags"] = (expected["flags"] as! Int) ^ 0x04
        cases[0]["expected"] = expected
        var tampered = cases[1]
        tampered["signature"] = (cases[2]["signature"] as! String)
        cases = [cases[0], tampered]
        try JSONSerialization.data(withJSONObject: cases).write(to: dir.appendingPathComponent("bad.json"))
        let (status, summary, _) = try await Self.crossVerify(dir.path)
        #expect(status == 1)
        #expect(summary?.py_webauthn_agree == 0 && summary?.fido2_agree == 0)
    }
}
