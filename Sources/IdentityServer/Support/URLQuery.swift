import Foundation

/// Adding parameters to a URL's query: OAuth redirects (`code`, `state`, `error`) and the links
/// the outbox's messages carry.
enum URLQuery {
    /// `base` with `parameters` added to its query (percent-encoded, in name order); `base`
    /// unchanged when it is not a URL.
    static func appending(_ parameters: [String: String], to base: String) -> String {
        guard var c = URLComponents(string: base) else { return base }
        var items = c.queryItems ?? []
        for (k, v) in parameters.sorted(by: { $0.key < $1.key }) { items.append(URLQueryItem(name: k, value: v)) }
        c.queryItems = items
        return c.string ?? base
    }
}
