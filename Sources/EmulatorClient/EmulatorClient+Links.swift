import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EmulatorClient {
    /// The most redirects `open(link:)` follows before it gives up.
    public static let maxLinkRedirects = 10

    /// Opens an emailed link as the person's browser would and returns where it ends: the app
    /// URL the server redirects to (`reachfive-<client_id>://callback?code=…` for a magic link,
    /// `…://email-verification` or `…?error=…` for a verification link), to hand to the SDK's
    /// `application(_:open:options:)` or `interceptUrl`. Redirects within http(s) are followed
    /// (at most `maxLinkRedirects`); the first one elsewhere ends the walk unopened, as a browser
    /// hands a custom scheme to the app. A link that is not http(s) is the app's already and is
    /// returned as it is. An answer that is neither a redirect nor a success is `refused`.
    public func open(link: String) async throws(EmulatorClientError) -> URL {
        guard var url = URL(string: link) else { throw .malformed(path: link, reason: "not a URL") }
        let session = URLSession(configuration: .ephemeral, delegate: RedirectStopper(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        for _ in 0...Self.maxLinkRedirects {
            guard url.scheme == "http" || url.scheme == "https" else { return url }
            var request = URLRequest(url: url, timeoutInterval: 30)
            request.httpMethod = "GET"
            let response: URLResponse
            do { (_, response) = try await session.data(for: request) } catch {
                throw .unreachable(url.absoluteString, reason: error.localizedDescription)
            }
            let http = response as? HTTPURLResponse
            let status = http?.statusCode ?? 0
            if (300..<400).contains(status), let location = http?.value(forHTTPHeaderField: "Location") {
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    throw .malformed(path: url.path, reason: "redirect to \(location), not a URL")
                }
                url = next
                continue
            }
            guard (200..<300).contains(status) else { throw .refused(status: status, error: nil, path: url.path) }
            return url
        }
        throw .malformed(path: link, reason: "more than \(Self.maxLinkRedirects) redirects")
    }
}

/// Hands every redirect back to `open(link:)` instead of following it: the walk decides, and a
/// custom scheme is never fetched.
private final class RedirectStopper: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
