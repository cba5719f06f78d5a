import Foundation

/// Adding parameters to a URL's query: OAuth redirects (`code`, `state`, `error`) and the links
/// the outbox's messages carry.
enum URLQuery {
    /// What a name or value may keep unencoded: RFC 3986's unreserved characters. A `+` is
    /// encoded (`%2B`) so that readers that take `+` for a space, as the SDK's
    /// `ApiError(fromQueryParams:)` does, read the text as sent.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `base` with `parameters` added to its query (percent-encoded, in name order; the base's
    /// own query kept as it is); `base` unchanged when it is not a URL.
    static func appending(_ parameters: [String: String], to base: String) -> String {
        guard var c = URLComponents(string: base) else { return base }
        var parts = c.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        for (k, v) in parameters.sorted(by: { $0.key < $1.key }) {
            // Only an unpaired surrogate fails to encode, and Swift strings hold none.
            let name = k.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            parts.append(name + "=" + (v.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""))
        }
        c.percentEncodedQuery = parts.joined(separator: "&")
        return c.string ?? base
    }
}
