import Hummingbird

extension ClientDevice {
    /// The device of the request being handled, set for every route by `ClientDeviceMiddleware`:
    /// whatever opens or uses a session (a refresh family, an SSO session) records it, however
    /// deep in a service that happens, without each route passing it down.
    @TaskLocal static var current: ClientDevice?

    /// The current request's device, or an unknown one outside a request (seeding, the console's own work).
    static var ofCurrentRequest: ClientDevice { current ?? ClientDevice(ip: nil, userAgent: nil) }
}

/// Sets `ClientDevice.current` from the peer's address and the `User-Agent` header.
struct ClientDeviceMiddleware: RouterMiddleware {
    typealias Context = IdentityRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let device = ClientDevice(ip: context.remoteAddress?.ipAddress, userAgent: request.headers[.userAgent])
        return try await ClientDevice.$current.withValue(device) { try await next(request, context) }
    }
}
