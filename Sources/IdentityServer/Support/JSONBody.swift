import Encoding
import Foundation
import Hummingbird
import NIOCore

/// A request's JSON object body, read with the server's limits and then queried field by field.
///
/// Absent keys and `null` are told apart (`Diff.Delete` is an explicit null), unknown keys are
/// ignored, and every type mismatch is a 400 naming the field.
struct JSONBody: Sendable {
    static let maximumBytes = 1 << 20
    static let maximumDepth = 64

    let members: [String: JSONValue]

    /// Reads and parses the body: over 1 MiB, nested deeper than 64, not JSON, or not an object
    /// is a 400 before anything else looks at it. An empty body reads as `{}`.
    static func read(_ request: Request) async throws -> JSONBody {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBytes)
        } catch {
            throw APIError.invalidRequest("The request body is larger than \(maximumBytes) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        return try parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) throws(APIError) -> JSONBody {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return JSONBody(members: [:]) }
        let value: JSONValue
        do { value = try StrictJSON.parse(bytes, maxDepth: maximumDepth) } catch {
            throw APIError.invalidRequest("The request body is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        guard case .object(let members) = value else { throw APIError.invalidRequest("The request body must be a JSON object") }
        return JSONBody(members: members)
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    /// A string, or nil when absent or null.
    func string(_ key: String, maxLength: Int = 4096) throws(APIError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let s)?:
            guard s.utf8.count <= maxLength else {
                throw APIError.invalidRequest("\(key) is longer than \(maxLength) bytes", field: key, code: "too_long")
            }
            return s
        default: throw APIError.invalidRequest("\(key) must be a string", field: key, code: "type")
        }
    }

    func requiredString(_ key: String, maxLength: Int = 4096) throws(APIError) -> String {
        guard let s = try string(key, maxLength: maxLength), !s.isEmpty else {
            throw APIError.invalidRequest("\(key) is required", field: key, code: "required")
        }
        return s
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        default: throw APIError.invalidRequest("\(key) must be a boolean", field: key, code: "type")
        }
    }

    func object(_ key: String) throws(APIError) -> JSONBody? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let o)?: return JSONBody(members: o)
        default: throw APIError.invalidRequest("\(key) must be an object", field: key, code: "type")
        }
    }

    func requiredObject(_ key: String) throws(APIError) -> JSONBody {
        guard let o = try object(key) else { throw APIError.invalidRequest("\(key) is required", field: key, code: "required") }
        return o
    }

    /// A base64url field (padding tolerated, as browsers' JSON sometimes carries it).
    func bytes(_ key: String, maxLength: Int = 64 * 1024) throws(APIError) -> [UInt8] {
        let text = try requiredString(key, maxLength: maxLength * 2)
        guard let bytes = Base64URL.decode(text) else {
            throw APIError.invalidRequest("\(key) is not base64url", field: key, code: "encoding")
        }
        return bytes
    }

    /// The three states of an update-profile key: absent (leave), null (delete), value (set).
    enum Change: Equatable, Sendable {
        case keep, delete
        case set(String)
    }

    func change(_ key: String, maxLength: Int = 4096) throws(APIError) -> Change {
        switch members[key] {
        case nil: return .keep
        case .null?: return .delete
        case .string?: return .set(try string(key, maxLength: maxLength) ?? "")
        default: throw APIError.invalidRequest("\(key) must be a string or null", field: key, code: "type")
        }
    }
}
