import Hummingbird
import Synchronization

/// The server's routes, installed once the listening socket is bound: the environment (and so the
/// router) needs the base URL, which holds the port the OS chose. Hummingbird awaits
/// `onServerRunning` before it accepts the first connection, so the routes are always in place
/// by the time a request arrives; the 503 below only guards a start-up that failed half-way.
final class DeferredResponder<Context: RequestContext>: HTTPResponder {
    private let installed = Mutex<(any HTTPResponder<Context>)?>(nil)

    func install(_ responder: some HTTPResponder<Context>) {
        installed.withLock { $0 = responder }
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let responder = installed.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
        return try await responder.respond(to: request, context: context)
    }
}
