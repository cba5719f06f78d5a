import Foundation
import TestSupport
import Testing

@testable import LatchkeyCrypto

/// Signatures made by Python's `cryptography` package (an independent implementation), checked
/// here through both key import paths: SPKI and raw components as COSE carries them.
@Suite struct VerifyOnlyAlgorithmTests {
    struct Fixture: Decodable, CustomTestStringConvertible {
        var alg: String
        var spki: String
        var x: String?
        var y: String?
        var raw: String?
        var n: String?
        var e: String?
        var message: String
        var signature: String
        var testDescription: String { alg }
    }

    static let fixtures: [Fixture] = {
        let url = packageRoot.appendingPathComponent("Tests/LatchkeyCryptoTests/Fixtures/signatures.json")
        return (try? JSONDecoder().decode([Fixture].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func fixturesArePresent() { #expect(Self.fixtures.count == 12) }

    @Test(arguments: fixtures)
    func verifiesThroughSPKIAndComponents(_ f: Fixture) throws {
        let alg = try #require(SignatureAlgorithm(rawValue: f.alg))
        let message = b64url(f.message)
        let signature = b64url(f.signature)
        var keys = [try PublicKey(spki: b64url(f.spki))]
        if let x = f.x, let y = f.y {
            let curve: ECCurve = alg == .es256 ? .p256 : alg == .es384 ? .p384 : .p521
            keys.append(try PublicKey(ecCurve: curve, x: b64url(x), y: b64url(y)))
        }
        if let raw = f.raw { keys.append(alg == .ed25519 ? try PublicKey(ed25519: b64url(raw)) : try PublicKey(ed448: b64url(raw))) }
        if let n = f.n, let e = f.e { keys.append(try PublicKey(rsaModulus: b64url(n), exponent: b64url(e))) }
        #expect(keys.count == 2)
        for key in keys {
            #expect(try key.verify(signature: signature, message: message, algorithm: alg))
            var bad = signature
            bad[bad.count / 2] ^= 0x01
            #expect(!(try key.verify(signature: bad, message: message, algorithm: alg)))
            #expect(!(try key.verify(signature: signature, message: message + [1], algorithm: alg)))
        }
    }

    @Test func pssIsNotAcceptedAsPKCS1AndViceVersa() throws {
        let pss = try #require(Self.fixtures.first { $0.alg == "PS256" })
        let key = try PublicKey(spki: b64url(pss.spki))
        #expect(!(try key.verify(signature: b64url(pss.signature), message: b64url(pss.message), algorithm: .rs256)))
        let pkcs1 = try #require(Self.fixtures.first { $0.alg == "RS256" })
        #expect(!(try key.verify(signature: b64url(pkcs1.signature), message: b64url(pkcs1.message), algorithm: .ps256)))
    }

    @Test func malformedKeysAreTypedErrors() {
        #expect(throws: CryptoError.self) { try PublicKey(ed25519: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: CryptoError.self) { try PublicKey(ed448: [UInt8](repeating: 1, count: 32)) }
        #expect(throws: CryptoError.self) { try PublicKey(rsaModulus: [1, 2, 3], exponent: [1, 0, 1]) }
        #expect(throws: CryptoError.self) { try PublicKey(spki: [0x30, 0x00]) }
        #expect(throws: CryptoError.self) { try PublicKey(spki: []) }
    }
}
