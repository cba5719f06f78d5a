import HTTPTypes
import Hummingbird
import Synchronization

/// The only way a route group adds a route: with its ``RouteAccess``. A bearer route gets the
/// request's token already verified (signature, issuer, expiry) and carrying the route's
/// ``BearerPolicy``; the service then checks it against the store inside its transaction
/// (``Sessions/authenticate(_:in:)``), where the policy's scope and freshness are enforced. So no
/// route can read a token without a declared policy, nor forget to apply it.
struct PolicyRouter {
    typealias Context = IdentityRequestContext
    let router: Router<Context>
    let sessions: Sessions
    let table: RouteTable

    func anonymous(
        _ method: HTTPRequest.Method, _ path: String,
        _ handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        add(method, path, .anonymous, handler)
    }

    func emulator(
        _ method: HTTPRequest.Method, _ path: String,
        _ handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        add(method, path, .emulator, handler)
    }

    func bearer(
        _ method: HTTPRequest.Method, _ path: String, _ policy: BearerPolicy,
        _ handler: @escaping @Sendable (Request, Context, Sessions.Bearer) async throws -> Response
    ) {
        let sessions = self.sessions
        add(method, path, .bearer(policy)) { request, context in
            try await handler(request, context, try sessions.bearer(authorization: request.headers[.authorization], policy: policy))
        }
    }

    func optionalBearer(
        _ method: HTTPRequest.Method, _ path: String, _ policy: BearerPolicy,
        _ handler: @escaping @Sendable (Request, Context, Sessions.Bearer?) async throws -> Response
    ) {
        let sessions = self.sessions
        add(method, path, .optionalBearer(policy)) { request, context in
            let bearer =
                request.headers[.authorization] == nil
                ? nil : try sessions.bearer(authorization: request.headers[.authorization], policy: policy)
            return try await handler(request, context, bearer)
        }
    }

    private func add(
        _ method: HTTPRequest.Method, _ path: String, _ access: RouteAccess,
        _ handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        table.declare(method: method.rawValue, path: RouterPath(path).description, access)
        router.on(RouterPath(path), method: method, use: handler)
    }
}

/// Every route's declared access, by method and path template, as ``PolicyRouter`` recorded it:
/// docs/server.md's route table and `RoutePolicyTests` read it back.
final class RouteTable: Sendable {
    struct Key: Hashable, Sendable {
        var method: String
        var path: String
    }

    private let entries = Mutex<[Key: RouteAccess]>([:])

    func declare(method: String, path: String, _ access: RouteAccess) {
        entries.withLock { $0[Key(method: method, path: path)] = access }
    }

    /// The declared access of a route; nil when it was added some other way.
    func access(method: String, path: String) -> RouteAccess? {
        entries.withLock { $0[Key(method: method, path: path)] }
    }

    var all: [Key: RouteAccess] { entries.withLock { $0 } }
}
