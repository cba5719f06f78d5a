import Encoding
import Testing

/// The decoder every HTTP edge and configuration file goes through: what it refuses, and that it
/// names the member it refuses.
struct StrictJSONDecoderTests {
    struct Address: Codable, Equatable {
        var postalCode: String
        var lines: [String]?
        enum CodingKeys: String, CodingKey {
            case postalCode = "postal_code"
            case lines
        }
    }

    struct Update: Codable, Equatable {
        var name: Presence<String>
        var age: Int?
        var address: Address?
        var extra: JSONValue?
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws(StrictJSONDecodingError) -> T {
        try StrictJSONDecoder().decode(type, from: Array(text.utf8))
    }

    func failure<T: Decodable>(_ type: T.Type, _ text: String) -> StrictJSONDecodingError? {
        do {
            _ = try decode(type, text)
            return nil
        } catch { return error }
    }

    @Test func absentNullAndValueAreThreeStates() throws {
        #expect(try decode(Update.self, "{}").name == .absent)
        #expect(try decode(Update.self, #"{"name":null}"#).name == .null)
        #expect(try decode(Update.self, #"{"name":"Ada"}"#).name == .value("Ada"))
        // An optional folds null into absent.
        #expect(try decode(Update.self, #"{"age":null}"#).age == nil)
    }

    @Test func failuresNameTheMemberAndTheirKind() {
        #expect(failure(Update.self, #"{"age":"ten"}"#)?.path == "age")
        #expect(failure(Update.self, #"{"age":"ten"}"#)?.code == .type)
        #expect(failure(Update.self, #"{"age":1.5}"#)?.code == .type)
        #expect(failure(Update.self, #"{"address":{}}"#)?.path == "address.postal_code")
        #expect(failure(Update.self, #"{"address":{}}"#)?.code == .required)
        #expect(failure(Update.self, #"{"address":{"postal_code":null}}"#)?.code == .required)
        #expect(failure(Update.self, #"{"address":{"postal_code":"1","lines":["a",2]}}"#)?.path == "address.lines[1]")
        #expect(failure(Update.self, #"{"name":3}"#)?.path == "name")
        #expect(failure(Update.self, "[]")?.code == .type)
    }

    @Test func duplicateKeysDepthAndTrailingContentAreSyntaxErrors() {
        #expect(failure(Update.self, #"{"age":1,"age":2}"#)?.code == .syntax)
        #expect(failure(Update.self, #"{"age":1} x"#)?.code == .syntax)
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        #expect(failure(Update.self, #"{"extra":"# + deep + "}")?.code == .syntax)
        #expect(failure(Update.self, #"{"age":"#)?.code == .syntax)
    }

    @Test func longStringsAreRefusedUnlessTheMemberIsLongText() throws {
        struct Short: Decodable { var a: String }
        struct Long: Decodable { var a: LongText }
        let big = String(repeating: "x", count: 5000)
        #expect(failure(Short.self, #"{"a":""# + big + #""}"#)?.code == .tooLong)
        #expect(try decode(Long.self, #"{"a":""# + big + #""}"#).a.text.count == 5000)
    }

    @Test func integersMustFitTheirType() {
        struct Small: Decodable { var n: UInt8 }
        #expect(failure(Small.self, #"{"n":256}"#)?.code == .type)
        #expect(failure(Small.self, #"{"n":-1}"#)?.code == .type)
        #expect((try? decode(Small.self, #"{"n":255}"#))?.n == 255)
    }

    @Test func encodingRoundTripsAndKeepsNullApartFromAbsent() throws {
        let update = Update(name: .null, age: 7, address: Address(postalCode: "75001", lines: nil), extra: ["k": [1, "two"]])
        let text = try StrictJSONEncoder().encodeText(update)
        #expect(text == #"{"address":{"postal_code":"75001"},"age":7,"extra":{"k":[1,"two"]},"name":null}"#)
        #expect(try decode(Update.self, text) == update)
        let absent = Update(name: .absent, age: nil, address: nil, extra: nil)
        #expect(try StrictJSONEncoder().encodeText(absent) == "{}")
    }

    @Test func nonFiniteNumbersDoNotEncode() {
        struct N: Encodable { var x: Double }
        #expect(throws: EncodingError.self) { try StrictJSONEncoder().encode(N(x: .infinity)) }
    }
}
