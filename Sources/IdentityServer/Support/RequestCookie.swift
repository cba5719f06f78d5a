import Hummingbird

/// Reads the cookies of a request's `Cookie` headers (RFC 6265 §5.4).
enum RequestCookie {
    /// Every value of the cookies named `name`, in the order the browser sent them.
    static func values(named name: String, in request: Request) -> [String] {
        var found: [String] = []
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { found.append(String(parts[1])) }
            }
        }
        return found
    }

    /// The first cookie of that name.
    static func value(named name: String, in request: Request) -> String? { values(named: name, in: request).first }

    /// The cookie when the request carries exactly one of that name: a second one (set for a
    /// parent domain or another path by someone else: cookie tossing) makes it none.
    static func only(named name: String, in request: Request) -> String? {
        let found = values(named: name, in: request)
        return found.count == 1 ? found[0] : nil
    }
}
