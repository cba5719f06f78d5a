import Hummingbird

/// `GET /health`: 200 `{"status":"ok"}` once the server serves. Connections wait in the backlog
/// until the whole environment is built (`IdentityServerApplication.start`), so any answer
/// here means a login can be served: readiness without reading the `ready` line.
struct HealthRoutes {
    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, "/health") { _, _ in JSONResponse.make(.object(["status": "ok"])) }
    }
}
