import Encoding
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ReachFive HTTP API as the SDK calls it (docs/design/reachfive-protocol.md §1): `platform=ios&sdk=…` on every
/// call, one `X-R5-Correlation-Id` per `ReachFive` instance, snake_case JSON bodies with nils
/// omitted, the Authorization scheme from `token_type`, and redirects never followed (the
/// caller reads `Location`).
struct ReachFiveTransport: Sendable {
    static let sdkVersion = SdkVersion.current
    /// Who calls: the program, then the SDK release, as an iOS app's user agent names the app and
    /// its network stack.
    /// Without it FoundationNetworking sends "NAME (unknown version) curl/…", which is what a
    /// server's trusted-device list showed.
    static let userAgent = "\(ProcessInfo.processInfo.processName) ReachFive-iOS-SDK/\(sdkVersion) (Linux)"
    let baseURL: URL
    let correlationId: String
    let session: URLSession
    /// Every request sent, for tests that check the wire (nil in production use).
    let recorder: WireRecorder?

    init(baseURL: URL, correlationId: String, recorder: WireRecorder?) {
        self.baseURL = baseURL
        self.correlationId = correlationId
        self.recorder = recorder
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 8
        // The session's, not the request's: the SDK's requests set no User-Agent of their own
        // (iOS's URLSession adds one), and the wire tests compare the requests' headers.
        configuration.httpAdditionalHeaders = ["User-Agent": Self.userAgent]
        // No response cache: every answer of the API is `no-store`, and FoundationNetworking's
        // cache still looked each request up (a tenth of a login's client-side time).
        configuration.urlCache = nil
        // The session's jar still sends cookies; `send` keeps those a response sets, once per
        // response, where FoundationNetworking parsed every header line for them.
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration, delegate: RedirectsNotFollowed(), delegateQueue: nil)
    }

    struct Response: Sendable {
        var status: Int
        var body: Data
        var location: String?
    }

    /// Sends one request; non-2xx answers become the SDK's errors (§3), and so does a transport
    /// failure (server down, connection lost): a `TechnicalError` naming the URLError code (never the
    /// URL, whose query may hold a token), as the SDK's Future forms gave it.
    func send(
        _ method: String, _ path: String, query: [(String, String?)] = [], body: (any Encodable)? = nil,
        rawBody: JSONValue? = nil, auth: AuthToken? = nil, acceptRedirect: Bool = false
    ) async throws -> Response {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        // Caller parameters whose value is nil are dropped; the defaults win a name clash.
        var items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
            .filter { $0.name != "platform" && $0.name != "sdk" }
        items += [URLQueryItem(name: "platform", value: "ios"), URLQueryItem(name: "sdk", value: Self.sdkVersion)]
        components.queryItems = items
        // URLComponents leaves "+" alone in a query; a server reads it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery.map(QueryPlusSigns.encoded)
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue(correlationId, forHTTPHeaderField: "X-R5-Correlation-Id")
        if let auth { request.setValue(auth.authorization, forHTTPHeaderField: "Authorization") }
        if let body {
            do { request.httpBody = try JSONEncoder.reachFive.encode(AnyEncodable(body)) } catch {
                throw ReachFiveError.TechnicalError(reason: "The request body could not be encoded (\(type(of: error)))")
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let rawBody {
            // Bodies built as JSON values (WebAuthn credentials): already snake_case.
            request.httpBody = Data(JSONText.serialize(rawBody).utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        recorder?.note(request)
        let (data, response): (Data, URLResponse)
        do { (data, response) = try await session.data(for: request) } catch {
            throw ReachFiveError.TechnicalError(reason: Self.transportFailure(error))
        }
        guard let http = response as? HTTPURLResponse else { throw ReachFiveError.TechnicalError(reason: "not an HTTP response") }
        keepCookies(of: http, from: request.url!)
        let status = http.statusCode
        if (200..<300).contains(status) || (acceptRedirect && (300..<400).contains(status)) {
            return Response(status: status, body: data, location: http.value(forHTTPHeaderField: "Location"))
        }
        // A non-2xx whose body is not a JSON object loses its status, as in the SDK.
        let apiError: ApiError
        do { apiError = try ResponseDecoder.decode(ApiError.self, from: data) } catch {
            throw ReachFiveError.TechnicalError(reason: "\(error)")
        }
        switch status {
        case 400: throw ReachFiveError.RequestError(apiError: apiError)
        case 401: throw ReachFiveError.AuthFailure(reason: "Unauthorized", apiError: apiError)
        default: throw ReachFiveError.TechnicalError(reason: "Response with \(status) error code", apiError: apiError)
        }
    }

    /// Puts the cookies `response` sets in the session's jar, for its URL, as FoundationNetworking
    /// did line by line with an accept policy other than `.never`. The differences: the lines are
    /// read folded into one (which `HTTPCookie` splits again, dates with commas included) under
    /// any spelling of the name, and only once the whole response arrived (a transfer that fails
    /// after its headers keeps none).
    private func keepCookies(of response: HTTPURLResponse, from url: URL) {
        guard let setCookie = response.value(forHTTPHeaderField: "Set-Cookie"), let jar = session.configuration.httpCookieStorage
        else { return }
        jar.setCookies(HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": setCookie], for: url), for: url, mainDocumentURL: nil)
    }

    /// What the web session's browser loads (``HeadlessBrowser``): any URL, through the browser's
    /// own session, redirects never followed, every status returned as it is.
    struct Page: Sendable {
        var url: URL
        var status: Int
        var body: Data
        var location: String?
        var contentType: String?
        /// The response's `Set-Cookie` values, folded into one.
        var setCookie: String?
    }

    func browse(_ request: URLRequest, in browser: URLSession) async throws -> Page {
        var request = request
        request.setValue(correlationId, forHTTPHeaderField: "X-R5-Correlation-Id")
        recorder?.note(request)
        let (data, response): (Data, URLResponse)
        do { (data, response) = try await browser.data(for: request) } catch {
            throw ReachFiveError.TechnicalError(reason: Self.transportFailure(error))
        }
        guard let http = response as? HTTPURLResponse else { throw ReachFiveError.TechnicalError(reason: "not an HTTP response") }
        return Page(
            url: request.url!, status: http.statusCode, body: data, location: http.value(forHTTPHeaderField: "Location"),
            contentType: http.value(forHTTPHeaderField: "Content-Type"), setCookie: http.value(forHTTPHeaderField: "Set-Cookie"))
    }

    /// A browser's own HTTP session, apart from the SDK's (as Safari's is from the app's
    /// URLSession): no cookie store of its own (``BrowserCookieJar`` keeps them), redirects
    /// returned, not followed. Invalidate it when the web session ends.
    static func browserSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        return URLSession(configuration: configuration, delegate: RedirectsNotFollowed(), delegateQueue: nil)
    }

    /// The reason of a transport failure, without the URL it concerned.
    static func transportFailure(_ error: any Error) -> String {
        let prefix = ReachFiveError.networkFailurePrefix
        if let urlError = error as? URLError { return prefix + "the server could not be reached (URLError code \(urlError.code.rawValue))" }
        if error is CancellationError { return prefix + "the request was cancelled" }
        return prefix + "\(type(of: error))"
    }

    /// Sends and decodes the answer; a body that does not decode is a `TechnicalError`.
    func decode<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: String, query: [(String, String?)] = [],
        body: (any Encodable)? = nil, rawBody: JSONValue? = nil, auth: AuthToken? = nil
    ) async throws -> T {
        let response = try await send(method, path, query: query, body: body, rawBody: rawBody, auth: auth)
        do { return try ResponseDecoder.decode(T.self, from: response.body) } catch {
            throw ReachFiveError.TechnicalError(reason: "\(error)")
        }
    }

    /// Sends and reads the answer as strict JSON (token responses, whose id_token is checked
    /// claim by claim).
    func json(
        _ method: String, _ path: String, query: [(String, String?)] = [], body: (any Encodable)? = nil,
        auth: AuthToken? = nil
    ) async throws -> JSONValue {
        let response = try await send(method, path, query: query, body: body, auth: auth)
        do { return try StrictJSON.parse(Array(response.body), maxDepth: 64) } catch {
            throw ReachFiveError.TechnicalError(reason: "\(error)")
        }
    }
}

/// Type erasure so request bodies of any Encodable type go through one encoder.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}

private final class RedirectsNotFollowed: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// The requests a `ReachFive` instance sent, as the wire saw them.
public final class WireRecorder: @unchecked Sendable {
    public struct Sent: Sendable {
        public var method: String
        public var url: URL
        public var headers: [String: String]
        public var body: Data?
    }
    private let lock = NSLock()
    private var sent: [Sent] = []
    public init() {}
    func note(_ request: URLRequest) {
        let entry = Sent(
            method: request.httpMethod ?? "GET", url: request.url!, headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        lock.withLock { sent.append(entry) }
    }
    public var requests: [Sent] { lock.withLock { sent } }
}
