import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Runs around every request that BrowserGuard let through: applies planned faults, turns every failure into a
/// ReachFive-shaped JSON error (never an empty 404 or a 500 with a stack), echoes the
/// correlation id, and writes the request journal. Faults and the journal exist only with the
/// emulator API on (nothing else can plan one or read the other), so without it a request
/// costs neither the journal's redaction nor the route's normalized path.
struct EmulatorMiddleware: RouterMiddleware {
    typealias Context = IdentityRequestContext
    /// Planned faults and the journal, when the emulator API is on.
    let emulator: (faults: FaultPlan, journal: RequestJournal)?
    let clock: ServerClock
    let logger: Logger
    static let correlationHeader = HTTPField.Name("X-R5-Correlation-Id")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        // The path as the router matches it: `//oauth/token` meets the fault planned for
        // `/oauth/token`, and `//emulator/v1/…` is the emulator's, not a route to journal.
        let route = emulator.map { _ in RoutePath(request.uri.path) }
        let isEmulator = route?.isUnder("emulator") ?? false
        /// The path as the router matched it, for a fault, the journal or an error's text.
        var path: String { (route ?? RoutePath(request.uri.path)).normalized }
        var response: Response
        if !isEmulator, let fault = emulator?.faults.take(path: path) {
            // throws only when the request is cancelled, and then no one reads the fault's answer
            if fault.delayMilliseconds > 0 { try? await Task.sleep(for: .milliseconds(fault.delayMilliseconds)) }
            let status = HTTPResponse.Status(code: fault.status)
            let error = APIError(
                status, fault.error, "Fault injected by the emulator", key: fault.status >= 500 ? .serverError : .invalidRequest)
            response = try error.response(from: request, context: context)
        } else {
            do {
                response = try await next(request, context)
            } catch let error as APIError {
                response = try error.response(from: request, context: context)
            } catch let error as StoreError {
                response = try APIError(error).response(from: request, context: context)
            } catch let error as HTTPError {
                let apiError: APIError =
                    switch error.status {
                    case .notFound: .notFound("No route for \(request.method.rawValue) \(path)")
                    case .methodNotAllowed: APIError(.methodNotAllowed, "invalid_request", "Method not allowed", key: .invalidRequest)
                    case .contentTooLarge: .invalidRequest("The request body is too large")
                    default:
                        APIError(
                            error.status, error.status.code >= 500 ? "server_error" : "invalid_request",
                            error.body ?? error.status.reasonPhrase, key: error.status.code >= 500 ? .serverError : .invalidRequest)
                    }
                response = try apiError.response(from: request, context: context)
            } catch {
                // Not the client's fault: say so without the details (they may hold data).
                logger.error(
                    "request failed", metadata: ["path": .string(path), "error": .string(String(describing: type(of: error)))])
                response = try APIError(.internalServerError, "server_error", "Internal error", key: .serverError).response(
                    from: request, context: context)
            }
        }
        let correlationId = request.headers[Self.correlationHeader]
        if let correlationId { response.headers[Self.correlationHeader] = correlationId }
        if let journal = emulator?.journal, !isEmulator, !ConsoleRoutes.owns(path) {
            let elapsed = ContinuousClock.now - started
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            journal.record(
                .init(
                    method: request.method.rawValue, path: path, query: request.uri.query ?? "",
                    status: Int(response.status.code), durationMilliseconds: ms, correlationId: correlationId, at: clock.now))
        }
        return response
    }
}
