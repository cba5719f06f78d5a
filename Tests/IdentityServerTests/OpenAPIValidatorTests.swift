import Encoding
import XCTest

/// The schema validator the conformance check rests on refuses what it must, so a mismatch
/// between the server and the document cannot pass unseen.
final class OpenAPIValidatorTests: XCTestCase {
    private let document: JSONValue = .object([
        "components": .object([
            "schemas": .object([
                "Error": .object([
                    "type": "object", "required": .array(["error", "error_id"]), "additionalProperties": .bool(false),
                    "properties": .object([
                        "error": .object(["type": "string", "enum": .array(["invalid_request", "not_found"])]),
                        "error_id": .object(["type": "string", "minLength": .number(1)]),
                        "count": .object(["type": .array(["integer", "null"])]),
                    ]),
                ])
            ])
        ])
    ])
    private var validator: JSONSchemaValidator { JSONSchemaValidator(root: document) }
    private let ref: JSONValue = .object(["$ref": "#/components/schemas/Error"])

    private func problems(_ instance: JSONValue, _ schema: JSONValue? = nil) -> [String] {
        validator.violations(of: instance, against: schema ?? ref).map(\.description)
    }

    func testAConformingValuePasses() {
        XCTAssertEqual(problems(.object(["error": "not_found", "error_id": "x", "count": .null])), [])
        XCTAssertEqual(problems(.object(["error": "not_found", "error_id": "x", "count": .number(3)])), [])
    }

    func testAWrongTypeIsRefused() {
        XCTAssertEqual(problems(.string("not_found")), ["$: expected object, got string"])
        XCTAssertEqual(problems(.object(["error": "not_found", "error_id": "x", "count": .number(1.5)])).count, 1)
        XCTAssertEqual(problems(.object(["error": .number(1), "error_id": "x"])).first, "$.error: expected string, got number")
    }

    func testAMissingRequiredMemberIsRefused() {
        XCTAssertEqual(problems(.object(["error": "not_found"])), ["$: missing required member error_id"])
    }

    func testAnUnknownEnumValueIsRefused() {
        XCTAssertEqual(problems(.object(["error": "teapot", "error_id": "x"])), [#"$.error: "teapot" is not one of the enum"#])
    }

    func testAMemberOutsideAClosedObjectIsRefused() {
        XCTAssertEqual(problems(.object(["error": "not_found", "error_id": "x", "extra": .bool(true)])).count, 1)
    }

    func testCombinatorsAndConst() {
        let oneOf: JSONValue = .object(["oneOf": .array([.object(["type": "string"]), .object(["const": "a"])])])
        XCTAssertEqual(problems("b", oneOf), [])
        XCTAssertEqual(problems("a", oneOf), ["$: matches 2 of oneOf, not exactly one"])
        let anyOf: JSONValue = .object(["anyOf": .array([.object(["type": "number"]), .object(["type": "null"])])])
        XCTAssertEqual(problems("a", anyOf), ["$: matches none of anyOf"])
    }

    func testArrayBounds() {
        let pair: JSONValue = .object(["type": "array", "minItems": .number(2), "maxItems": .number(2), "uniqueItems": .bool(true)])
        XCTAssertEqual(problems(.array(["a", "b"]), pair), [])
        XCTAssertEqual(problems(.array(["a", "a"]), pair), ["$[1]: a repeated item (uniqueItems)"])
        XCTAssertEqual(problems(.array(["a"]), pair).count, 1)
    }

    func testAnUnknownKeywordOrRefIsAProblemNotASkip() {
        XCTAssertEqual(problems("a", .object(["prefixItems": .array([])])), ["$: the validator does not know the keyword prefixItems"])
        XCTAssertEqual(problems("a", .object(["$ref": "#/components/schemas/Nope"])), ["$: unresolvable $ref #/components/schemas/Nope"])
    }
}
