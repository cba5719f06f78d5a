// The stand-in sheet's browser: GETs a URL and follows Location headers itself (URLSession would
// try to load a custom-scheme redirect), with the process's cookie jar as a browser keeps one.
import Foundation
import FoundationNetworking

enum HeadlessBrowser {
    private final class NoRedirects: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    private static let session = URLSession(configuration: .default, delegate: NoRedirects(), delegateQueue: nil)

    /// The first redirect target `done` accepts; `canceledLogin` when a page answers instead.
    static func follow(_ start: URL, until done: (URL) -> Bool) async throws -> URL {
        var url = start
        for _ in 0..<20 {
            if done(url) { return url }
            let (_, response) = try await session.data(from: url)
            guard let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
                let location = http.value(forHTTPHeaderField: "Location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            else {
                throw ASWebAuthenticationSessionError(.canceledLogin)
            }
            url = next
        }
        throw ASWebAuthenticationSessionError(.canceledLogin)
    }
}
