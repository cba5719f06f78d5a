import TestSupport
import Testing

@testable import LatchkeyCrypto

@Suite struct P256KeyTests {
    /// RFC 6979 A.2.5: the P-256 private key and its public point.
    @Test func rawScalarGivesKnownPublicPoint() throws {
        let key = try P256PrivateKey(rawScalar: hex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"))
        #expect(key.publicKey.x == hex("60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"))
        #expect(key.publicKey.y == hex("7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"))
        #expect(key.rawScalar.bytes == hex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"))
    }

    @Test func pkcs8AndSPKIRoundTrip() throws {
        let key = try P256PrivateKey.generate()
        let again = try P256PrivateKey(pkcs8: key.pkcs8.bytes)
        #expect(again.publicKey == key.publicKey)
        #expect(again.rawScalar.bytes == key.rawScalar.bytes)
        let spki = key.publicKey.spki
        let parsed = try PublicKey(spki: spki)
        #expect(parsed.type == .ec(.p256))
        #expect(parsed.rawPublicKey == key.publicKey.uncompressed)
    }

    @Test func signaturesVerifyAndTamperedOnesDoNot() throws {
        let key = try P256PrivateKey.generate()
        let message = Array("authenticatorData||clientDataHash".utf8)
        var sig = try key.sign(message)
        let verifier = try key.publicKey.verifyingKey()
        #expect(try verifier.verify(signature: sig, message: message, algorithm: .es256))
        #expect(!(try verifier.verify(signature: sig, message: message + [0], algorithm: .es256)))
        sig[sig.count - 1] ^= 1
        #expect(!(try verifier.verify(signature: sig, message: message, algorithm: .es256)))
        #expect(!(try verifier.verify(signature: [0x30, 0x02, 0x02, 0x00], message: message, algorithm: .es256)))
        #expect(throws: CryptoError.self) { try verifier.verify(signature: sig, message: message, algorithm: .rs256) }
    }

    @Test func invalidScalarsAndPointsAreRejected() throws {
        #expect(throws: CryptoError.self) { try P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: CryptoError.self) { try P256PrivateKey(rawScalar: [UInt8](repeating: 0xFF, count: 32)) }
        #expect(throws: CryptoError.self) { try P256PrivateKey(rawScalar: [UInt8](repeating: 1, count: 31)) }
        let key = try P256PrivateKey.generate()
        var y = key.publicKey.y
        y[31] ^= 1
        #expect(throws: CryptoError.self) { try PublicKey(ecCurve: .p256, x: key.publicKey.x, y: y) }
        #expect(throws: CryptoError.self) { try P256PrivateKey(pkcs8: [0x30, 0x03, 0x02, 0x01, 0x00]) }
        #expect(throws: CryptoError.self) { try P256PrivateKey(pkcs8: key.pkcs8.bytes + [0]) }
    }

    @Test func ecdhAgreesBothWays() throws {
        let a = try P256PrivateKey.generate()
        let b = try P256PrivateKey.generate()
        #expect(try a.sharedSecret(with: b.publicKey).bytes == (try b.sharedSecret(with: a.publicKey).bytes))
    }

    @Test func concurrentSigningIsSafe() async throws {
        let key = try P256PrivateKey.generate()
        let verifier = try key.publicKey.verifyingKey()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<64 {
                group.addTask {
                    let m = Array("message \(i)".utf8)
                    return try verifier.verify(signature: key.sign(m), message: m, algorithm: .es256)
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
