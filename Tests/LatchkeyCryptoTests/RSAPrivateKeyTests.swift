import LatchkeyCrypto
import XCTest

/// RS256 signing through OpenSSL: a generated key signs, its public half verifies, and the key
/// survives a PKCS#8 round trip; a key that is not RSA is refused.
final class RSAPrivateKeyTests: XCTestCase {
    func testAGeneratedKeySignsRS256ThatItsPublicKeyVerifies() throws {
        let key = try RSAPrivateKey.generate()
        XCTAssertEqual(key.publicKey.type, .rsa(bits: 2048))
        let message = Array("header.payload".utf8)
        let signature = try key.signRS256(message)
        XCTAssertEqual(signature.count, 256)
        XCTAssertTrue(try key.publicKey.verify(signature: signature, message: message, algorithm: .rs256))
        XCTAssertFalse(try key.publicKey.verify(signature: signature, message: Array("header.other".utf8), algorithm: .rs256))
        let restored = try RSAPrivateKey(pkcs8: key.pkcs8.bytes)
        XCTAssertEqual(restored.publicKey.spki, key.publicKey.spki)
        XCTAssertTrue(try key.publicKey.verify(signature: try restored.signRS256(message), message: message, algorithm: .rs256))
    }

    func testOtherKeysAndBadSizesAreRefused() throws {
        XCTAssertThrowsError(try RSAPrivateKey(pkcs8: try P256PrivateKey.generate().pkcs8.bytes))
        XCTAssertThrowsError(try RSAPrivateKey(pkcs8: [0x30, 0x00]))
        XCTAssertThrowsError(try RSAPrivateKey.generate(bits: 1024))
    }
}
