import Encoding
import Foundation

@testable import IdentityServer

/// The OpenAPI document as the tests read it: its operations, and the check of one recorded
/// exchange against the operation it belongs to (status documented, body valid).
struct OpenAPIContract {
    let document: JSONValue
    var validator: JSONSchemaValidator { JSONSchemaValidator(root: document) }

    /// One operation: a method and a path template, parameters written `{}` (compared by position).
    struct Operation: Hashable, Comparable, CustomStringConvertible {
        var method: String
        var path: String
        init(_ method: String, _ template: String) {
            self.method = method.uppercased()
            self.path = Self.positional(template)
        }
        var description: String { "\(method) \(path)" }
        static func < (a: Operation, b: Operation) -> Bool { (a.path, a.method) < (b.path, b.method) }

        /// `/a/{id}/b` and `/a/:id/b` both read `/a/{}/b`.
        static func positional(_ template: String) -> String {
            template.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") || ($0.hasPrefix("{") && $0.hasSuffix("}")) ? "{}" : String($0) }
                .joined(separator: "/")
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func load() throws -> OpenAPIContract {
        OpenAPIContract(document: try StrictJSON.parse(OpenAPIDocument.bytes, maxDepth: 64))
    }

    private var paths: [String: JSONValue] {
        if case .object(let paths)? = document["paths"] { return paths }
        return [:]
    }

    /// Every documented operation; with `emulatorAPI` false, those marked `x-emulator-api` (the
    /// routes that exist only under `--emulator-api`) are left out.
    func operations(emulatorAPI: Bool) -> Set<Operation> {
        var found: Set<Operation> = []
        for (template, item) in paths {
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                if !emulatorAPI, operation["x-emulator-api"] == .bool(true) { continue }
                found.insert(Operation(method, template))
            }
        }
        return found
    }

    /// The documented template a request path falls under (a literal segment beats a parameter).
    func template(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let matches = paths.keys.filter { template in
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == segments.count
                && zip(parts, segments).allSatisfy { part, segment in
                    (part.hasPrefix("{") && part.hasSuffix("}") && !segment.isEmpty) || part == segment
                }
        }
        return matches.min { $0.filter { $0 == "{" }.count < $1.filter { $0 == "{" }.count }
    }

    /// One request and its answer as `ExchangeRecorder` notes it.
    struct Exchange {
        var method: String
        var path: String
        var status: Int
        /// The JSON body; a string when the body was not JSON; null when empty.
        var body: JSONValue
    }

    static func exchanges(_ recorder: ExchangeRecorder) throws -> [Exchange] {
        try recorder.text.split(separator: "\n").map { line in
            let json = try StrictJSON.parse(Array(line.utf8), maxDepth: 80)
            return Exchange(
                method: json["method"]?.stringValue ?? "", path: json["path"]?.stringValue ?? "",
                status: json["status"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } } ?? 0, body: json["body"] ?? .null)
        }
    }

    /// The operation `exchange` belongs to, and every way its answer departs from the document.
    func check(_ exchange: Exchange) -> (operation: Operation?, problems: [String]) {
        let path = String(exchange.path.prefix { $0 != "?" })
        let name = "\(exchange.method) \(path) -> \(exchange.status)"
        guard let template = template(for: path) else { return (nil, ["undocumented path: \(name)"]) }
        guard let operation = paths[template]?[exchange.method.lowercased()] else { return (nil, ["undocumented method: \(name)"]) }
        let op = Operation(exchange.method, template)
        let status = String(exchange.status)
        let responses = operation["responses"]
        guard var response = responses?[status] ?? responses?[String(status.prefix(1)) + "XX"] ?? responses?["default"] else {
            return (op, ["undocumented status: \(name)"])
        }
        if let ref = response["$ref"]?.stringValue, let target = validator.resolve(ref) { response = target }
        guard case .object(let content)? = response["content"] else {
            return (op, exchange.body == .null ? [] : ["\(name): a body where the document describes none"])
        }
        let json = content["application/json"]?["schema"]
        switch exchange.body {
        case .string where content.keys.contains(where: { $0 != "application/json" }), .null where json == nil:
            // HTML, CSS, an icon: the document names the media type; there is no JSON schema to hold it to.
            return (op, [])
        default:
            guard let json else { return (op, ["\(name): a JSON body where the document describes \(content.keys.sorted())"]) }
            return (op, validator.violations(of: exchange.body, against: json).map { "\(name): \($0)" })
        }
    }
}
