import Encoding
import Foundation
import Testing

/// base64url against Foundation's base64 (an independent encoder, alphabet swapped and padding
/// dropped), at every length around the three-byte groups, from contiguous and non-contiguous
/// input; and the refusals that keep one encoding per byte string.
@Suite struct Base64URLTests {
    static func foundation(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func everyLengthMatchesFoundationAndRoundTrips() {
        var random = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == Self.foundation(bytes), "length \(length)")
            #expect(Base64URL.encode(bytes.reversed().reversed()) == encoded, "a non-contiguous collection, length \(length)")
            #expect(Base64URL.encode(bytes[...]) == encoded)
            #expect(Base64URL.decode(encoded) == bytes, "length \(length)")
        }
        let all = (0...255).map(UInt8.init)
        #expect(Base64URL.decode(Base64URL.encode(all)) == all)
    }

    @Test func correctPaddingIsToleratedAndNothingElse() {
        #expect(Base64URL.decode("AQ==") == [1])
        #expect(Base64URL.decode("AQI=") == [1, 2])
        #expect(Base64URL.decode("AQ=") == nil)
        #expect(Base64URL.decode("AQI==") == nil)
        #expect(Base64URL.decode("AQID=") == nil)
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("AR") == nil, "non-zero trailing bits")
        #expect(Base64URL.decode("AQ+/") == nil, "the standard alphabet")
        #expect(Base64URL.decode("AQ I") == nil)
        #expect(Base64URL.decode("AQé") == nil)
        #expect(Base64URL.decode("") == [])
    }
}
