import CBOR
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

@Suite struct COSEKeyTests {
    @Test func ec2RoundTripAndOpenSSLImport() throws {
        let bytes = ModelFixtures.cose.bytes
        // Canonical order: kty(1)=2, alg(3)=-7, crv(-1)=1, x(-2), y(-3).
        #expect(Array(bytes[0..<7]) == [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01])
        let parsed = try COSEKey(bytes: bytes)
        #expect(parsed == ModelFixtures.cose)
        #expect(try parsed.publicKey().rawPublicKey == ModelFixtures.key.publicKey.uncompressed)
    }

    @Test func okpAndRSAParse() throws {
        let okp = try COSEKey(cbor: .map([(1, 1), (3, -8), (-1, 6), (-2, .bytes([UInt8](repeating: 0x3B, count: 32)))]))
        #expect(okp.keyType == .okp && okp.okpCurve == 6)
        let rsa = try COSEKey(
            cbor: .map([(1, 3), (3, -257), (-1, .bytes([UInt8](repeating: 0xC1, count: 256))), (-2, .bytes([1, 0, 1]))]))
        #expect(rsa.keyType == .rsa)
        #expect(try COSEKey(bytes: rsa.bytes) == rsa)
    }

    @Test(arguments: [
        CBOR.map([(3, -7)]), // no kty
        .map([(1, 9)]), // unknown kty
        .map([(1, 2), (-1, 1), (-2, .bytes([1]))]), // y missing
        .map([(1, 2), (-1, 1), (-2, .bytes([UInt8](repeating: 1, count: 32))), (-3, .bool(true))]), // compressed point
        .map([(1, 2), (-1, 9), (-2, .bytes([1])), (-3, .bytes([1]))]), // unknown curve
        .map([(1, 2), (-1, 1), (-2, .bytes([1])), (-3, .bytes([1]))]), // short coordinates
        .map([(1, 1), (-1, 6), (-2, .bytes([1, 2]))]), // short Ed25519
        .map([(1, 3), (-1, .bytes([]))]), // RSA without e
        .map([(1, 2), (3, "ES256")]), // alg not an int
        .array([1, 2]),
    ])
    func malformedKeysAreRejected(_ cbor: CBOR) {
        #expect(throws: WebAuthnError.self) { try COSEKey(cbor: cbor) }
    }

    @Test func offCurvePointIsRejectedAtImport() throws {
        guard case .ec2(let crv, let x, var y) = ModelFixtures.cose.parameters else {
            Issue.record("not EC2")
            return
        }
        y[0] ^= 1
        let bad = COSEKey(algorithm: .es256, parameters: .ec2(curve: crv, x: x, y: y))
        #expect(throws: CryptoError.self) { try bad.publicKey() }
    }

    @Test func fuzzCOSEKey() {
        var rng = SplitMix64(seed: 0xC05E)
        let seed = ModelFixtures.cose.bytes
        var rejected = 0
        for _ in 0..<100_000 {
            do {
                let k = try COSEKey(bytes: rng.mutate(seed))
                _ = try? k.publicKey()
            } catch { rejected += 1 } // typed throws: a WebAuthnError by construction
        }
        #expect(rejected > 40_000)
    }
}
