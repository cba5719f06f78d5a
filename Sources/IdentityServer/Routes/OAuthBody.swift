import Encoding
import Foundation
import Hummingbird
import NIOCore

/// The body of `/oauth/token` and `/oauth/revoke`: JSON as the ReachFive SDKs send it, or
/// `application/x-www-form-urlencoded` as RFC 6749 clients (Authlib, AppAuth) send it.
enum OAuthBody {
    static func read(_ request: Request) async throws -> JSONBody {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else { return try await JSONBody.read(request) }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: JSONBody.maximumBytes) } catch {
            throw APIError.invalidRequest("The request body is larger than \(JSONBody.maximumBytes) bytes")
        }
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw APIError.invalidRequest("The form body is not UTF-8")
        }
        var members: [String: JSONValue] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String? { String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decode(kv[0]), let value = kv.count > 1 ? decode(kv[1]) : "" else {
                throw APIError.invalidRequest("The form body is not valid percent-encoding")
            }
            guard members[name] == nil else { throw APIError.invalidRequest("The form parameter \(name) is repeated") }
            members[name] = .string(value)
        }
        return JSONBody(members: members)
    }
}
