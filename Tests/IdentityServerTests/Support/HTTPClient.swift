import Encoding
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small JSON-over-HTTP client for the tests, on Foundation's URLSession (a real socket).
/// Redirects are never followed: `/oauth/authorize` answers with its 302 and Location.
struct HTTPClient: Sendable {
    let baseURL: String
    let session: URLSession
    /// Where every exchange is noted, for the check against the OpenAPI document.
    let recorder: ExchangeRecorder?

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: JSONValue { (try? StrictJSON.parse(body, maxDepth: 64)) ?? .null }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
        var location: URLComponents? { header("Location").flatMap(URLComponents.init(string:)) }
        func query(_ name: String) -> String? { location?.queryItems?.first { $0.name == name }?.value }
    }

    init(baseURL: String, recorder: ExchangeRecorder? = nil) {
        self.baseURL = baseURL
        self.recorder = recorder
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    func send(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) async throws -> Reply {
        guard let url = URL(string: baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        if let body {
            request.httpBody = Data(body)
            if headers["Content-Type"] == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (k, v) in http.allHeaderFields { fields["\(k)"] = "\(v)" }
        let reply = Reply(status: http.statusCode, headers: fields, body: Array(data))
        recorder?.note(method: method, path: path, reply: reply)
        return reply
    }

    func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var h = headers
        if let token { h["Authorization"] = "Bearer \(token)" }
        return try await send("GET", path, headers: h)
    }

    func post(_ path: String, _ json: JSONValue, token: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var h = headers
        if let token { h["Authorization"] = "Bearer \(token)" }
        return try await send("POST", path, body: Array(JSONText.serialize(json).utf8), headers: h)
    }

    func delete(_ path: String, token: String? = nil) async throws -> Reply {
        try await send("DELETE", path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// The exchanges of one test server, as JSON lines for `validate_responses.py`.
final class ExchangeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func note(method: String, path: String, reply: HTTPClient.Reply) {
        // A body that is not JSON is recorded as a string, so the schema check sees it.
        let body: JSONValue =
            reply.body.isEmpty
            ? .null : ((try? StrictJSON.parse(reply.body, maxDepth: 64)) ?? .string(String(decoding: reply.body, as: UTF8.self)))
        let line = JSONText.serialize(
            .object(["method": .string(method), "path": .string(path), "status": .number(Double(reply.status)), "body": body]))
        lock.withLock { lines.append(line) }
    }

    var text: String { lock.withLock { lines.joined(separator: "\n") + "\n" } }
    var count: Int { lock.withLock { lines.count } }
}
