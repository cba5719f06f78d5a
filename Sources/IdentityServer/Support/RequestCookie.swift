import Hummingbird

/// Reads one cookie of a request's `Cookie` headers (RFC 6265 §5.4), the first of its name.
enum RequestCookie {
    static func value(named name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }
}
