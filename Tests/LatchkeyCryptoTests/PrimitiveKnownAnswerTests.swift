import TestSupport
import Testing

@testable import LatchkeyCrypto

/// Known-answer tests from the RFCs that define each primitive.
@Suite struct PrimitiveKnownAnswerTests {
    @Test func sha256OfABC() {
        #expect(Digest.sha256(Array("abc".utf8)) == hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(
            Digest.hash(.sha384, Array("abc".utf8))
                == hex("cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"))
        #expect(Digest.hash(.sha512, Array("abc".utf8)).prefix(8) == hex("ddaf35a193617aba")[...])
    }

    @Test func hmacRFC4231Case2() {
        let tag = HMAC.authenticate(.sha256, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8))
        #expect(tag == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
        #expect(HMAC.verify(.sha256, tag: tag, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8)))
        #expect(!HMAC.verify(.sha256, tag: tag, key: Array("Jefe".utf8), data: Array("what do ya want for nothing!".utf8)))
    }

    @Test func hkdfRFC5869Case1() throws {
        let okm = try HKDF.derive(
            .sha256, inputKeyMaterial: [UInt8](repeating: 0x0b, count: 22),
            salt: hex("000102030405060708090a0b0c"), info: hex("f0f1f2f3f4f5f6f7f8f9"), outputLength: 42)
        #expect(okm.bytes == hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    @Test func hkdfRejectsOverlongOutput() {
        #expect(throws: CryptoError.self) {
            try HKDF.derive(inputKeyMaterial: [1], salt: [UInt8](), info: [UInt8](), outputLength: 255 * 32 + 1)
        }
    }

    @Test func scryptRFC7914() throws {
        let out = try Scrypt.derive(
            password: Array("password".utf8), salt: Array("NaCl".utf8),
            parameters: .init(logN: 10, r: 8, p: 16), outputLength: 64)
        #expect(
            out.bytes
                == hex(
                    "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
                ))
    }

    @Test func scryptMemoryCapIsCheckedBeforeAllocation() {
        // logN=30, r=8 would need 1 TiB; the cap must refuse it without trying.
        #expect(throws: CryptoError.resourceLimit("scrypt needs 1099511630848 bytes, cap is 67108864")) {
            try Scrypt.derive(password: [1], salt: [2], parameters: .init(logN: 30), outputLength: 32, maxMemory: 64 << 20)
        }
        #expect(throws: CryptoError.self) { try Scrypt.derive(password: [1], salt: [2], parameters: .init(logN: 0), outputLength: 32) }
    }

    @Test func aesGCMRoundTripAndTamper() throws {
        let key = SystemRandom.bytes(32)
        let box = try AESGCM.seal(Array("secret".utf8), key: key, aad: Array("row-1".utf8))
        #expect(try AESGCM.open(box, key: key, aad: Array("row-1".utf8)).bytes == Array("secret".utf8))
        #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(box, key: key, aad: Array("row-2".utf8)) }
        var flipped = box
        flipped.ciphertext[0] ^= 1
        #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(flipped, key: key, aad: Array("row-1".utf8)) }
        var badTag = box
        badTag.tag[15] ^= 0x80
        #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(badTag, key: key, aad: Array("row-1".utf8)) }
        #expect(try AESGCM.SealedBox(combined: box.combined) == box)
    }

    /// AES-256-GCM test case 16 of the original GCM specification (McGrew & Viega).
    @Test func aesGCMKnownAnswer() throws {
        let key = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let pt = hex(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let aad = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let box = try AESGCM.seal(pt, key: key, nonce: hex("cafebabefacedbaddecaf888"), aad: aad)
        #expect(
            box.ciphertext
                == hex(
                    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
                ))
        #expect(box.tag == hex("76fc6ece0f4e1768cddf8853bb2d551b"))
    }

    @Test func constantTimeEquality() {
        #expect(constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(constantTimeEquals([UInt8](), [UInt8]()))
    }

    @Test func deterministicRandomIsReproducible() {
        let a = DeterministicRandom(seed: 42)
        let b = DeterministicRandom(seed: 42)
        let c = DeterministicRandom(seed: 43)
        let x = a.bytes(40)
        #expect(x == b.bytes(40))
        #expect(x != c.bytes(40))
        #expect(a.bytes(40) != x)
    }
}
