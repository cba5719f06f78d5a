import HTTPTypes
import Hummingbird

/// A path the server knows, asked with a method it does not take, answers 405 Method Not Allowed
/// with `Allow` listing the methods it does take (RFC 9110 §15.5.6), in the ReachFive error shape.
/// Hummingbird answers such a request 404, as it does an unknown path: so every known path gets a
/// refusing route for each common method it lacks, added after the real ones and matched by the
/// same trie (a literal segment still wins over a parameter, as for the real routes). A method
/// outside `methods` on a known path stays 404.
enum MethodNotAllowedRoutes {
    /// The methods a known path refuses with 405 rather than 404, in the order `Allow` lists them.
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options, .trace]

    static func addRoutes(to router: Router<BasicRequestContext>) {
        var allowed: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes {
            allowed[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        for (path, taken) in allowed.values {
            let allow = Self.allow(taken)
            for method in methods where !taken.contains(method) {
                router.on(path, method: method) { request, context in
                    var response = try APIError(
                        .methodNotAllowed, "method_not_allowed", "\(request.method.rawValue) is not allowed here: use \(allow)",
                        key: .invalidRequest
                    ).response(from: request, context: context)
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
    }

    /// The `Allow` value: the taken methods, common ones first in `methods` order.
    static func allow(_ taken: Set<HTTPRequest.Method>) -> String {
        let common = methods.filter(taken.contains)
        let other = taken.filter { !methods.contains($0) }.map(\.rawValue).sorted()
        return (common.map(\.rawValue) + other).joined(separator: ", ")
    }
}
