import Encoding
import Testing

/// Base16 as ids, AAGUIDs and the hybrid tunnel spell bytes: both cases out, either case in,
/// and anything that is not hex refused rather than read as something shorter.
@Suite struct HexTests {
    @Test func everyByteRoundTripsInBothCases() {
        let all = (0...255).map(UInt8.init)
        #expect(Hex.lower([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(Hex.upper([0x00, 0x0F, 0xA0, 0xFF]) == "000FA0FF")
        #expect(Hex.decode(Hex.lower(all)) == all)
        #expect(Hex.decode(Hex.upper(all)) == all)
        #expect(Hex.decode("") == [])
    }

    @Test(arguments: ["0", "abc", "0g", "zz", " 00", "00 ", "+1", "-1", "é0", "0x00"])
    func whatIsNotHexIsRefused(_ text: String) {
        #expect(Hex.decode(text) == nil)
    }
}
