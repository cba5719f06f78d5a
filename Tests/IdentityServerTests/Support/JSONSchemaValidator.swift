import Encoding
import Foundation

/// A JSON Schema 2020-12 validator for the subset the OpenAPI document uses, so the document and
/// the server can be held together without Python. `$ref`s point into `root` (the whole document,
/// `#/components/...`). A keyword it does not know is itself a violation: a schema it cannot read
/// fully is never passed by skipping the part it cannot read. `format` and the annotation
/// keywords are advisory and not checked.
struct JSONSchemaValidator {
    /// The document `$ref`s resolve in.
    let root: JSONValue

    struct Violation: Equatable, CustomStringConvertible {
        /// Where in the instance, as `$.member[index]`.
        var at: String
        var message: String
        var description: String { "\(at): \(message)" }
    }

    static let annotations: Set<String> = [
        "description", "examples", "default", "title", "format", "deprecated", "readOnly", "writeOnly", "$comment",
    ]
    static let known: Set<String> = [
        "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "oneOf", "allOf",
        "not", "contains", "dependentRequired", "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems",
        "maxItems", "uniqueItems", "maxProperties",
    ]

    /// Every way `instance` breaks `schema` (empty when it conforms).
    func violations(of instance: JSONValue, against schema: JSONValue, at path: String = "$") -> [Violation] {
        switch schema {
        case .bool(true): return []
        case .bool(false): return [Violation(at: path, message: "no value is allowed here")]
        case .object(let keywords): return check(instance, keywords, path)
        default: return [Violation(at: path, message: "the schema is not an object or a boolean")]
        }
    }

    private func check(_ instance: JSONValue, _ s: [String: JSONValue], _ path: String) -> [Violation] {
        var found: [Violation] = []
        func fail(_ message: String) { found.append(Violation(at: path, message: message)) }
        for key in s.keys where !Self.known.contains(key) && !Self.annotations.contains(key) && !key.hasPrefix("x-") {
            fail("the validator does not know the keyword \(key)")
        }
        if let ref = s["$ref"]?.stringValue {
            if let target = resolve(ref) {
                found += violations(of: instance, against: target, at: path)
            } else {
                fail("unresolvable $ref \(ref)")
            }
        }
        if let type = s["type"], !Self.types(type).contains(where: { Self.has(instance, type: $0) }) {
            fail("expected \(Self.types(type).joined(separator: " or ")), got \(Self.typeName(instance))")
        }
        if case .array(let values)? = s["enum"], !values.contains(instance) { fail("\(Self.short(instance)) is not one of the enum") }
        if let value = s["const"], value != instance { fail("\(Self.short(instance)) is not the const \(Self.short(value))") }
        found += combinators(instance, s, path)
        switch instance {
        case .object(let members): found += object(members, s, path)
        case .array(let items): found += array(items, s, path)
        case .string(let string): found += self.string(string, s, path)
        case .number(let number):
            if case .number(let min)? = s["minimum"], number < min { fail("\(number) is below the minimum \(min)") }
            if case .number(let max)? = s["maximum"], number > max { fail("\(number) is above the maximum \(max)") }
        default: break
        }
        return found
    }

    private func combinators(_ instance: JSONValue, _ s: [String: JSONValue], _ path: String) -> [Violation] {
        var found: [Violation] = []
        if case .array(let all)? = s["allOf"] {
            for sub in all { found += violations(of: instance, against: sub, at: path) }
        }
        if case .array(let any)? = s["anyOf"], !any.contains(where: { violations(of: instance, against: $0, at: path).isEmpty }) {
            found.append(Violation(at: path, message: "matches none of anyOf"))
        }
        if case .array(let one)? = s["oneOf"] {
            let matching = one.filter { violations(of: instance, against: $0, at: path).isEmpty }.count
            if matching != 1 { found.append(Violation(at: path, message: "matches \(matching) of oneOf, not exactly one")) }
        }
        if let not = s["not"], violations(of: instance, against: not, at: path).isEmpty {
            found.append(Violation(at: path, message: "matches the schema under not"))
        }
        return found
    }

    private func object(_ members: [String: JSONValue], _ s: [String: JSONValue], _ path: String) -> [Violation] {
        var found: [Violation] = []
        let properties: [String: JSONValue]
        if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
        for name in Self.strings(s["required"]) where members[name] == nil {
            found.append(Violation(at: path, message: "missing required member \(name)"))
        }
        if case .object(let dependent)? = s["dependentRequired"] {
            for (name, needs) in dependent where members[name] != nil {
                for other in Self.strings(needs) where members[other] == nil {
                    found.append(Violation(at: path, message: "\(name) needs \(other)"))
                }
            }
        }
        if case .number(let max)? = s["maxProperties"], Double(members.count) > max {
            found.append(Violation(at: path, message: "\(members.count) members, more than \(max)"))
        }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let at = "\(path).\(name)"
            if let schema = properties[name] {
                found += violations(of: value, against: schema, at: at)
            } else if let additional = s["additionalProperties"] {
                if additional == .bool(false) {
                    found.append(Violation(at: at, message: "member not allowed (additionalProperties: false)"))
                } else {
                    found += violations(of: value, against: additional, at: at)
                }
            }
        }
        return found
    }

    private func array(_ items: [JSONValue], _ s: [String: JSONValue], _ path: String) -> [Violation] {
        var found: [Violation] = []
        if let schema = s["items"] {
            for (index, item) in items.enumerated() { found += violations(of: item, against: schema, at: "\(path)[\(index)]") }
        }
        if let contains = s["contains"], !items.contains(where: { violations(of: $0, against: contains, at: path).isEmpty }) {
            found.append(Violation(at: path, message: "no item matches contains"))
        }
        if case .number(let min)? = s["minItems"], Double(items.count) < min {
            found.append(Violation(at: path, message: "\(items.count) items, fewer than \(min)"))
        }
        if case .number(let max)? = s["maxItems"], Double(items.count) > max {
            found.append(Violation(at: path, message: "\(items.count) items, more than \(max)"))
        }
        if s["uniqueItems"] == .bool(true), let index = items.indices.first(where: { items[..<$0].contains(items[$0]) }) {
            found.append(Violation(at: "\(path)[\(index)]", message: "a repeated item (uniqueItems)"))
        }
        return found
    }

    private func string(_ string: String, _ s: [String: JSONValue], _ path: String) -> [Violation] {
        var found: [Violation] = []
        // JSON Schema counts characters as code points.
        let length = Double(string.unicodeScalars.count)
        if case .number(let min)? = s["minLength"], length < min {
            found.append(Violation(at: path, message: "\(Int(length)) characters, fewer than \(min)"))
        }
        if case .number(let max)? = s["maxLength"], length > max {
            found.append(Violation(at: path, message: "\(Int(length)) characters, more than \(max)"))
        }
        if let pattern = s["pattern"]?.stringValue {
            if let regex = try? NSRegularExpression(pattern: pattern) {
                let range = NSRange(string.startIndex..., in: string)
                if regex.firstMatch(in: string, range: range) == nil {
                    found.append(Violation(at: path, message: "\(Self.short(.string(string))) does not match \(pattern)"))
                }
            } else {
                // An ICU-unreadable pattern is reported, never skipped.
                found.append(Violation(at: path, message: "the pattern \(pattern) does not compile"))
            }
        }
        return found
    }

    /// `#/a/b/c` in `root` (JSON Pointer escapes `~0` and `~1` included).
    func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for part in ref.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[key]
        }
        return node
    }

    private static func types(_ type: JSONValue) -> [String] {
        if let one = type.stringValue { return [one] }
        return strings(type)
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let values)? = value else { return [] }
        return values.compactMap(\.stringValue)
    }

    private static func has(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool), ("null", .null):
            true
        case ("integer", .number(let n)): n.rounded() == n
        default: false
        }
    }

    private static func typeName(_ instance: JSONValue) -> String {
        switch instance {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// A value as the message quotes it: short, since a body may hold a token.
    private static func short(_ value: JSONValue) -> String {
        let text = JSONText.serialize(value)
        return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
