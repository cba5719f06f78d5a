import Foundation
import TestSupport
import Testing

@testable import Vectors
@testable import WebAuthn

/// The third-party vectors in ../shared/vectors and our own in Vectors/, run through the verifier.
@Suite struct VectorSetTests {
    static let sharedVectors = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/vectors")
    static var sharedAvailable: Bool {
        let present = FileManager.default.fileExists(atPath: sharedVectors.path)
        if !present {
            print(
                """
                VectorSetTests: the third-party vectors are absent at \(sharedVectors.path), so their test is skipped. \
                They come from the project's shared/ folder (shared/vectors: py_webauthn, SimpleWebAuthn and W3C L3 \
                cases), which CI places beside the clone; put a copy there to run them.
                """)
        }
        return present
    }

    /// CI always has shared/ beside the clone: there a missing set is a failure, never a skip.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] == "true", "only CI requires the third-party set"))
    func thirdPartyVectorsArePresentInCI() {
        #expect(Self.sharedAvailable, "\(Self.sharedVectors.path) is missing")
    }

    static func run(_ path: String) throws -> (agree: Int, disagree: [String], unsupported: [String]) {
        var agree = 0
        var disagree: [String] = []
        var unsupported: [String] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty, "no case files in \(path)")
        for file in files {
            let cases = try VectorVerifier.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(file))))
            for c in cases {
                switch VectorVerifier.run(c).outcome {
                case .agree: agree += 1
                case .disagree(let why): disagree.append("\(c.id): \(why)")
                case .unsupported: unsupported.append(c.id)
                }
            }
        }
        return (agree, disagree, unsupported)
    }

    @Test(.enabled(if: sharedAvailable, "../shared/vectors is absent (see docs/vectors.md)"))
    func thirdPartyVectorsAgreeExceptMLDSA() throws {
        let r = try Self.run(Self.sharedVectors.path)
        #expect(r.disagree.isEmpty, "\(r.disagree)")
        #expect(r.agree == 75)
        #expect(r.unsupported.count == 6 && r.unsupported.allSatisfy { $0.contains("ml_dsa") })
    }

    @Test func ownVectorsAgree() throws {
        let r = try Self.run(packageRoot.appendingPathComponent("Vectors").path)
        #expect(r.disagree.isEmpty, "\(r.disagree)")
        #expect(r.agree == 36 && r.unsupported.isEmpty)
    }

    /// A verdict that contradicts `expected` must be reported: the runner can fail.
    @Test func runnerReportsWrongExpectations() throws {
        let file = packageRoot.appendingPathComponent("Vectors/latchkey-icloud.json")
        var cases = try JSONDecoder().decode([VectorCase].self, from: Data(contentsOf: file))
        cases[0].expected.signCount = 99
        cases[1].expected.valid = false
        cases[2].expected.valid = true
        let outcomes = cases.prefix(3).map { VectorVerifier.run($0).outcome }
        for o in outcomes { if case .disagree = o {} else { Issue.record("not reported: \(o)") } }
    }

    /// A registration case's `credentialId` is the response's rawId: the verifier compares it
    /// with the attested credential ID (shared/vectors/README.md), so a case whose rawId differs
    /// is rejected, and one that carries none is judged on the attestation alone.
    @Test func registrationRawIdMustMatchTheAttestedCredentialId() throws {
        let file = packageRoot.appendingPathComponent("Vectors/latchkey-security-key.json")
        let cases = try JSONDecoder().decode([VectorCase].self, from: Data(contentsOf: file))
        let registration = try #require(cases.first { $0.ceremony == "registration" && $0.expected.valid })
        let rawId = try #require(registration.credentialId.flatMap(Base64URL.decode))
        #expect(VectorVerifier.run(registration).outcome == .agree)

        var other = registration
        other.credentialId = Base64URL.encode(rawId.map { $0 ^ 0x01 })
        let rejected = VectorVerifier.run(other)
        guard case .disagree = rejected.outcome else {
            Issue.record("a different rawId was accepted: \(rejected.outcome)")
            return
        }
        #expect(rejected.error?.description.contains("rawId") == true, "\(String(describing: rejected.error))")
        other.expected.valid = false
        #expect(VectorVerifier.run(other).outcome == .agree)

        var absent = registration
        absent.credentialId = nil
        #expect(VectorVerifier.run(absent).outcome == .agree)
        var garbled = registration
        garbled.credentialId = "not base64url!"
        #expect(VectorVerifier.run(garbled).outcome != .agree)
    }

    @Test func fuzzVerifierEntryPoints() throws {
        let file = packageRoot.appendingPathComponent("Vectors/latchkey-security-key.json")
        let cases = try JSONDecoder().decode([VectorCase].self, from: Data(contentsOf: file))
        let registration = try #require(cases.first { $0.ceremony == "registration" })
        let authentication = try #require(cases.first { $0.ceremony == "authentication" && $0.expected.valid })
        var rng = SplitMix64(seed: 0x7E51F1)
        var changedButAccepted: [String] = []
        for i in 0..<20_000 {
            let original = i % 2 == 0 ? registration : authentication
            var c = original
            let field = Int(rng.next() % 4)
            func mutate(_ s: String?) -> String? { s.map { Base64URL.encode(rng.mutate(Base64URL.decode($0) ?? [])) } }
            switch (c.ceremony, field) {
            case ("registration", 0), ("registration", 1), ("registration", 3): c.attestationObject = mutate(c.attestationObject)
            case ("authentication", 0): c.authenticatorData = mutate(c.authenticatorData)
            case ("authentication", 1): c.signature = mutate(c.signature)
            case (_, 2): c.clientDataJSON = mutate(c.clientDataJSON)!
            default: c.credentialPublicKey = mutate(c.credentialPublicKey)
            }
            let unchanged =
                c.attestationObject == original.attestationObject && c.authenticatorData == original.authenticatorData
                && c.signature == original.signature && c.clientDataJSON == original.clientDataJSON
                && c.credentialPublicKey == original.credentialPublicKey
            let run = VectorVerifier.run(c)
            // Every byte of a ceremony is either signed, or checked against the trust root (the
            // x5c chain), or decides a check: a changed ceremony is never valid.
            if case .agree = run.outcome, run.error == nil, !unchanged { changedButAccepted.append("\(c.ceremony) field \(field)") }
        }
        #expect(changedButAccepted.isEmpty, "\(changedButAccepted.count) changed ceremonies accepted: \(changedButAccepted.prefix(5))")
    }
}
