import HTTPTypes
import Hummingbird
import NIOCore

/// A path the server knows, asked with a method it does not take, answers 405 Method Not Allowed
/// with `Allow` listing the methods it does take (RFC 9110 §15.5.6), in the ReachFive error shape.
/// Hummingbird answers such a request 404, as it does an unknown path. A method outside `methods`
/// on a known path stays 404.
///
/// The refusal is a middleware added after every route, so it wraps only the router's own
/// "no route" answer (Hummingbird applies a middleware to the routes added after it and to that
/// answer), never a route that itself answers 404. It asks a second router, with one endpoint per
/// known path template inserted in the main router's order, which template the path falls under:
/// the same trie resolution (a literal segment still wins over a parameter). Registering a
/// refusing route for every missing method of every path instead cost 392 registrations, ~9 M
/// instructions of `latchkey serve`'s start.
enum MethodNotAllowedRoutes {
    /// The methods a known path refuses with 405 rather than 404, in the order `Allow` lists them.
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options, .trace]

    /// Adds the refusal; call it once every route is on `router` (a route added after it would
    /// have its own 404s turned into 405s).
    static func addRefusal(to router: Router<IdentityRequestContext>) {
        var order: [String] = []
        var allowed: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes {
            let key = route.path.description
            if allowed[key] == nil { order.append(key) }
            allowed[key, default: (route.path, [])].methods.insert(route.method)
        }
        // The main router's options (none) too, so both resolve a path alike.
        let templates = Router(context: IdentityRequestContext.self)
        for key in order {
            guard let (path, taken) = allowed[key] else { continue }
            let allow = Self.allow(taken)
            templates.get(path) { _, _ in Response(status: .ok, headers: [.allow: allow]) }
        }
        router.add(middleware: MethodNotAllowedRefusal(templates: templates.buildResponder()))
    }

    /// The `Allow` value: the taken methods, common ones first in `methods` order.
    static func allow(_ taken: Set<HTTPRequest.Method>) -> String {
        let common = methods.filter(taken.contains)
        let other = taken.filter { !methods.contains($0) }.map(\.rawValue).sorted()
        return (common.map(\.rawValue) + other).joined(separator: ", ")
    }

    /// Turns the router's 404 for a known path into the 405; any other 404 passes as it was.
    struct MethodNotAllowedRefusal: RouterMiddleware {
        typealias Context = IdentityRequestContext
        /// One GET endpoint per known template, answering its `Allow` value.
        let templates: RouterResponder<IdentityRequestContext>

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            do {
                return try await next(request, context)
            } catch let notFound as HTTPError where notFound.status == .notFound {
                guard MethodNotAllowedRoutes.methods.contains(request.method),
                    let allow = try await allow(for: request, context: context)
                else { throw notFound }
                var response = try APIError(
                    .methodNotAllowed, "method_not_allowed", "\(request.method.rawValue) is not allowed here: use \(allow)",
                    key: .invalidRequest
                ).response(from: request, context: context)
                response.headers[.allow] = allow
                return response
            }
        }

        /// The `Allow` of the template `request`'s path falls under; nil for an unknown path.
        func allow(for request: Request, context: Context) async throws -> String? {
            let probe = Request(
                head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: request.head.path),
                body: HummingbirdCore.RequestBody(buffer: ByteBuffer()))
            let answer = try await templates.respond(to: probe, context: context)
            return answer.status == .ok ? answer.headers[HTTPField.Name.allow] : nil
        }
    }
}
