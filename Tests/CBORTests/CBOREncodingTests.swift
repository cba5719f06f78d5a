import TestSupport
import Testing

@testable import CBOR

/// RFC 8949 Appendix A examples and CTAP2 canonical ordering.
@Suite struct CBOREncodingTests {
    @Test(arguments: [
        (CBOR.unsigned(0), "00"), (.unsigned(23), "17"), (.unsigned(24), "1818"), (.unsigned(1000), "1903e8"),
        (.unsigned(1_000_000), "1a000f4240"), (.unsigned(1_000_000_000_000), "1b000000e8d4a51000"),
        (.negative(0), "20"), (.negative(99), "3863"), (.int(-1000), "3903e7"),
        (.bytes([1, 2, 3, 4]), "4401020304"), (.text("IETF"), "6449455446"), (.text("\u{00fc}"), "62c3bc"),
        (.array([1, 2, 3]), "83010203"), (.bool(false), "f4"), (.bool(true), "f5"), (.null, "f6"), (.undefined, "f7"),
        (.float(1.5), "f93e00"), (.float(100000.0), "fa47c35000"), (.float(1.1), "fb3ff199999999999a"),
        (.tagged(1, .unsigned(1_363_896_240)), "c11a514b67b0"),
    ])
    func encodesRFCExamples(_ value: CBOR, _ expected: String) throws {
        #expect(CBOREncoder.encode(value) == hex(expected))
        #expect(try CBORDecoder(requireCanonical: true).decode(hex(expected)) == value)
    }

    @Test func mapKeysAreSortedCTAP2Canonically() {
        // COSE key order: 1, 3, -1, -2, -3 (major type 0 before 1); text keys by length then bytes.
        let cose = CBOR.map([(-3, .bytes([3])), (1, 2), (-1, 1), (3, -7), (-2, .bytes([2]))])
        #expect(CBOREncoder.encode(cose) == hex("a501020326200121410222410" + "3"))
        let encoded = CBOREncoder.encode(cose)
        let keys = try! CBORDecoder().decode(encoded).mapValue!.map { $0.0.intValue! }
        #expect(keys == [1, 3, -1, -2, -3])
        let text = CBOREncoder.encode(.map([("authData", 1), ("fmt", 2), ("attStmt", 3), ("b", 4), ("a", 5)]))
        let textKeys = try! CBORDecoder().decode(text).mapValue!.map { $0.0.textValue! }
        #expect(textKeys == ["a", "b", "fmt", "attStmt", "authData"])
    }

    @Test func roundTripsNestedStructures() throws {
        let value = CBOR.map([
            ("x5c", .array([.bytes([1, 2]), .bytes([])])), ("alg", -7), ("nested", .map([(1, .array([.null, .bool(true)]))])),
        ])
        let encoded = CBOREncoder.encode(value)
        let decoded = try CBORDecoder(requireCanonical: true).decode(encoded)
        #expect(CBOREncoder.encode(decoded) == encoded)
        #expect(decoded[text: "alg"]?.intValue == -7)
    }
}
