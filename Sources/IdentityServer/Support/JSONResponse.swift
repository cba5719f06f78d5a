import Encoding
import HTTPTypes
import Hummingbird
import NIOCore

/// Responses with a JSON body written by `JSONText` (sorted keys, integral numbers as integers).
enum JSONResponse {
    static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        make(serialized: JSONText.serializedBytes(value), status: status, headers: headers)
    }

    /// A body already written by `JSONText.serializedBytes` (a document kept between requests).
    static func make(serialized bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        // Built in one go, the caller's fields appended but for these two (setting them by name
        // on the caller's fields searched and rewrote the list on every response).
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        for field in headers where field.name != .contentType && field.name != .cacheControl { fields.append(field) }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A typed response body, encoded by the one strict encoder (nil optionals left out).
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        make(try StrictJSONEncoder().encode(value), status: status, headers: headers)
    }

    /// 204 for the calls the SDK treats as "any 2xx".
    static func noContent() -> Response { Response(status: .noContent, headers: [.cacheControl: "no-store"]) }
}
