import Foundation
import HTTPTypes
import Hummingbird

/// The one place that keeps other web pages out, in front of every route (even a planned fault):
/// - `Host` must be one of the server's own names (`ServerNames`), on every route: a page on a
///   rebound name (DNS rebinding) reaches the server as same-origin, and the console, the
///   emulator API and the tokens they show would be its to read and drive. 403 `invalid_host`.
/// - A state change under `/emulator` (any spelling the router takes there: `RoutePath`) must
///   not come from another origin: a text/plain POST needs no preflight, so without this a page
///   anywhere could drive the emulator through the browser of the person running it. Its
///   `Origin`, when sent, must be one of the server's own origins, and `Sec-Fetch-Site` must not
///   call it cross-site. 403 `cross_site_request`. Clients that send neither (curl, tests) pass.
/// The console's forms run the same origin rule, plus their token (`ConsoleForm`).
struct BrowserGuard: RouterMiddleware {
    typealias Context = IdentityRequestContext
    let names: ServerNames

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = refusal(for: request) { return try refusal.response(from: request, context: context) }
        return try await next(request, context)
    }

    func refusal(for request: Request) -> APIError? {
        guard names.allows(authority: request.head.authority) else {
            return APIError(
                .forbidden, "invalid_host",
                "This server does not answer to this host name; add it with serve --allow-host NAME or the allowed_hosts setting",
                key: .invalidRequest)
        }
        let changesState = request.method != .get && request.method != .head && request.method != .options
        if changesState, RoutePath.mayBeUnder("emulator", raw: request.uri.path), RoutePath(request.uri.path).isUnder("emulator"),
            !Self.sameOrigin(request, names: names)
        {
            return APIError(.forbidden, "cross_site_request", "A cross-site request to the emulator API was refused", key: .invalidRequest)
        }
        return nil
    }

    /// The request comes from one of this server's own pages, or from no browser page at all:
    /// an `Origin`, if any, is the server's own, and the browser does not call it cross-site.
    static func sameOrigin(_ request: Request, names: ServerNames) -> Bool {
        if let origin = request.headers[.origin], !names.isOwn(origin: origin) { return false }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin", site != "none" { return false }
        return true
    }
}
