import Encoding
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of a Latchkey identity server's emulator API (`/emulator/v1`, on when the server
/// runs with `--emulator-api`): the outbox with its long-poll, accounts, the clock, planned
/// faults, the request journal and snapshots. URLSession only, so an app's tests can use it
/// without building the server.
public struct EmulatorClient: Sendable {
    /// The server's base URL (`http://127.0.0.1:8975`).
    public let baseURL: URL
    let session: URLSession

    /// - Parameter session: ephemeral by default, so no cookie or cache files are left behind.
    public init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.baseURL = baseURL
        self.session = session
    }

    /// `init(baseURL:)` from a string such as `latchkey serve` prints on its `base-url` line.
    public init(baseURL: String) throws(EmulatorClientError) {
        guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw .badBaseURL(baseURL)
        }
        self.init(baseURL: url)
    }

    /// Sends one request to `path` and returns the body of a 2xx answer.
    /// - Parameters:
    ///   - wait: how long the server may hold the request (a long-poll); the request's own
    ///     timeout is that plus a margin.
    ///   - missingMeansOff: a 404 means the server has no emulator API (not so for a restore,
    ///     whose 404 is an unknown snapshot).
    func send(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil, wait: Double = 0,
        missingMeansOff: Bool = true
    ) async throws(EmulatorClientError) -> [UInt8] {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .badBaseURL(baseURL.absoluteString) }
        var request = URLRequest(url: url, timeoutInterval: wait + 30)
        request.httpMethod = method
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(JSONText.serialize(body).utf8)
        }
        let data: Data
        let response: URLResponse
        do { (data, response) = try await session.data(for: request) } catch {
            throw .unreachable(baseURL.absoluteString, reason: error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let error = Self.errorCode(in: data)
            if status == 404 && missingMeansOff { throw .apiOff(baseURL.absoluteString) }
            throw .refused(status: status, error: error, path: path)
        }
        return Array(data)
    }

    /// The project's one strict decoder; an outbox message's text may be long.
    private static let decoder = StrictJSONDecoder(maxStringBytes: 1 << 20)

    /// Decodes a 2xx body.
    func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], path: String) throws(EmulatorClientError) -> T {
        do { return try Self.decoder.decode(T.self, from: bytes) } catch {
            throw .malformed(path: path, reason: error.description)
        }
    }

    private static func errorCode(in data: Data) -> String? {
        // A body that is not a ReachFive error (a proxy's page, say) has no code to report.
        guard let body = try? StrictJSON.parse(Array(data), maxDepth: 16), case .string(let code)? = body["error"] else { return nil }
        return code
    }
}
