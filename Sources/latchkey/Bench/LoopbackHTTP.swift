import Encoding
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// JSON over HTTP to a local server, on Foundation's URLSession. Redirects are returned, never
/// followed (`/oauth/authorize` answers with a 302 to the app's custom scheme).
struct LoopbackHTTP: Sendable {
    let baseURL: String
    let session: URLSession

    init(baseURL: String) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration, delegate: RedirectsReturned(), delegateQueue: nil)
    }

    struct Reply: Sendable {
        var status: Int
        var json: JSONValue
        var location: String?
    }

    func send(_ method: String, _ path: String, json: JSONValue? = nil) async throws -> Reply {
        guard let url = URL(string: baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(JSONText.serialize(json).utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let body = data.isEmpty ? JSONValue.null : ((try? StrictJSON.parse(Array(data), maxDepth: 64)) ?? .null)
        return Reply(status: http.statusCode, json: body, location: http.value(forHTTPHeaderField: "Location"))
    }
}

private final class RedirectsReturned: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
