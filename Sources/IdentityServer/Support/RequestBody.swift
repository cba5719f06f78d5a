import Encoding
import Foundation
import Hummingbird
import NIOCore

/// Decodes a request into its route's `Decodable` type: one strict decoder for every body (JSON,
/// or a form as OAuth clients send it) and for query parameters, with the server's limits, and
/// one translation of a failure into the ReachFive 400 body naming the field.
enum RequestBody {
    static let maximumBytes = 1 << 20
    static let maximumDepth = 64
    static let decoder = StrictJSONDecoder(maxDepth: maximumDepth)

    /// A JSON object body (an empty body reads as `{}`), or an
    /// `application/x-www-form-urlencoded` one whose fields become string members.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try decode(type, from: try await members(of: request))
    }

    /// The query string's parameters as string members (a repeated parameter is refused).
    static func decodeQuery<T: Decodable>(_ type: T.Type, from request: Request) throws(APIError) -> T {
        var members: [String: JSONValue] = [:]
        for (name, value) in request.uri.queryParameters {
            let name = String(name)
            guard members[name] == nil else { throw APIError.invalidRequest("The query parameter \(name) is repeated", field: name) }
            members[name] = .string(String(value))
        }
        return try decode(type, from: .object(members))
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(APIError) -> T {
        do { return try decoder.decode(type, from: value) } catch { throw APIError(error) }
    }

    /// The body as a JSON object: read with the limits, parsed strictly.
    static func members(of request: Request) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBytes)
        } catch {
            throw APIError.invalidRequest("The request body is larger than \(maximumBytes) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") { return try form(bytes) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .object([:]) }
        let value: JSONValue
        do { value = try StrictJSON.parse(bytes, maxDepth: maximumDepth) } catch {
            throw APIError.invalidRequest("The request body is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        guard case .object = value else { throw APIError.invalidRequest("The request body must be a JSON object") }
        return value
    }

    /// RFC 6749 clients (Authlib, AppAuth) send forms: each field a string member.
    static func form(_ bytes: [UInt8]) throws(APIError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw APIError.invalidRequest("The form body is not UTF-8") }
        var members: [String: JSONValue] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String? { String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decode(kv[0]), let value = kv.count > 1 ? decode(kv[1]) : "" else {
                throw APIError.invalidRequest("The form body is not valid percent-encoding")
            }
            guard members[name] == nil else { throw APIError.invalidRequest("The form parameter \(name) is repeated", field: name) }
            members[name] = .string(value)
        }
        return .object(members)
    }
}

extension APIError {
    /// The ReachFive 400 for a body that did not decode: `error_details` names the member.
    init(_ failure: StrictJSONDecodingError) {
        let code: String
        switch failure.code {
        case .syntax, .invalid: code = "invalid"
        case .required: code = "required"
        case .type: code = "type"
        case .tooLong: code = "too_long"
        }
        if failure.path.isEmpty {
            self = .invalidRequest("The request body is not valid: \(failure.reason)")
        } else {
            self = .invalidRequest("\(failure.path) \(failure.reason)", field: failure.path, code: code)
        }
    }
}
