import Testing

@testable import Reach5

/// A `+` in a query the SDK sends is encoded (a server would read a space), and one in a query it
/// receives is a space; text without one comes back as it was, multi-byte characters included.
@Suite struct QueryPlusSignsTests {
    @Test func sentPlusSignsArePercentEncoded() {
        #expect(QueryPlusSigns.encoded("email=a+b@example.com&x=1") == "email=a%2Bb@example.com&x=1")
        #expect(QueryPlusSigns.encoded("++") == "%2B%2B")
        #expect(QueryPlusSigns.encoded("name=%C3%A9t%C3%A9") == "name=%C3%A9t%C3%A9")
        #expect(QueryPlusSigns.encoded("") == "")
    }

    @Test func receivedPlusSignsAreSpaces() {
        #expect(QueryPlusSigns.asSpaces("Invalid+code+été") == "Invalid code été")
        #expect(QueryPlusSigns.asSpaces("no-plus ✓") == "no-plus ✓")
    }
}
