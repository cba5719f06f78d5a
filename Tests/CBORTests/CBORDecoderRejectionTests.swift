import TestSupport
import Testing

@testable import CBOR

/// Every way the strict decoder refuses input, each as its own typed error.
@Suite struct CBORDecoderRejectionTests {
    let decoder = CBORDecoder()

    @Test func rejectsIndefiniteLengths() {
        #expect(throws: CBORError.indefiniteLength(offset: 0)) { try decoder.decode(hex("5f42010243030405ff")) }
        #expect(throws: CBORError.indefiniteLength(offset: 0)) { try decoder.decode(hex("9f0102ff")) }
        #expect(throws: CBORError.indefiniteLength(offset: 0)) { try decoder.decode(hex("bf6161f5ff")) }
        #expect(throws: CBORError.indefiniteLength(offset: 0)) { try decoder.decode(hex("ff")) }
    }

    @Test func rejectsDuplicateKeysIncludingNonShortestSpellings() {
        #expect(throws: CBORError.duplicateMapKey(offset: 3)) { try decoder.decode(hex("a2010201f4")) }
        // 0x01 and 0x1801 are the same key written two ways.
        #expect(throws: CBORError.duplicateMapKey(offset: 3)) { try decoder.decode(hex("a20102180103")) }
    }

    @Test func rejectsTrailingBytes() {
        #expect(throws: CBORError.trailingBytes(offset: 1)) { try decoder.decode(hex("0000")) }
    }

    @Test func rejectsTruncationAndOverlongLengths() {
        #expect(throws: CBORError.truncated(offset: 1)) { try decoder.decode(hex("19")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("4501")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("5bffffffffffffffff00")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("9bffffffffffffffff00")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("bbffffffffffffffff00")) }
        #expect(throws: CBORError.truncated(offset: 0)) { try decoder.decode([UInt8]()) }
    }

    @Test func rejectsDeepNesting() {
        let deep = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: CBORError.nestingTooDeep(limit: 16)) { try decoder.decode(deep) }
        let tags = [UInt8](repeating: 0xC1, count: 10_000) + [0x00]
        #expect(throws: CBORError.nestingTooDeep(limit: 16)) { try decoder.decode(tags) }
        let ok = [UInt8](repeating: 0x81, count: 15) + [0x00]
        #expect(throws: Never.self) { try decoder.decode(ok) }
    }

    @Test func rejectsOversizedInput() {
        let big = [UInt8](repeating: 0, count: 2 << 20)
        #expect(throws: CBORError.inputTooLarge(limit: 1 << 20)) { try decoder.decode(big) }
    }

    @Test func rejectsInvalidUTF8AndReservedEncodings() {
        #expect(throws: CBORError.invalidUTF8(offset: 0)) { try decoder.decode(hex("62c328")) }
        #expect(throws: CBORError.reservedAdditionalInfo(offset: 0)) { try decoder.decode(hex("1c")) }
        #expect(throws: CBORError.invalidSimpleValue(offset: 0)) { try decoder.decode(hex("f810")) }
    }

    @Test func canonicalModeRejectsNonShortestAndUnsortedKeys() {
        let canonical = CBORDecoder(requireCanonical: true)
        #expect(throws: CBORError.nonCanonical(offset: 0, reason: "integer not in shortest form")) { try canonical.decode(hex("1817")) }
        #expect(throws: CBORError.nonCanonical(offset: 3, reason: "map keys not in canonical order")) {
            try canonical.decode(hex("a2030401f4"))
        }
        #expect(throws: Never.self) { try decoder.decode(hex("a2030401f4")) }
    }
}
