import Foundation
import Hummingbird
import Logging
import NIOCore

/// Builds the identity server's router: every ReachFive route, the OIDC discovery documents, the
/// OpenAPI document, and (when enabled) the emulator's control API. `start` (Startup/) serves it.
public enum IdentityServerApplication {
    /// Every route, then a 405 with `Allow` for a known path asked with a method it does not take.
    public static func router(environment env: ServerEnvironment) -> Router<BasicRequestContext> {
        let router = serviceRouter(environment: env)
        MethodNotAllowedRoutes.addRoutes(to: router)
        return router
    }

    /// The routes the server answers, as (method, path template with `{name}` parameters): the
    /// operations the OpenAPI document must describe, no more and no fewer.
    public static func routes(environment env: ServerEnvironment) -> [(method: String, path: String)] {
        serviceRouter(environment: env).routes.map { ($0.method.rawValue, $0.path.description) }
    }

    /// Every route the server answers with the access it declared (``PolicyRouter``), and the
    /// router's own list of routes, for the test that walks the table.
    static func declaredRoutes(environment env: ServerEnvironment) -> (table: RouteTable, routes: [(method: String, path: String)]) {
        let table = RouteTable()
        let router = serviceRouter(environment: env, table: table)
        return (table, router.routes.map { ($0.method.rawValue, $0.path.description) })
    }

    static func serviceRouter(environment env: ServerEnvironment, table: RouteTable = RouteTable()) -> Router<BasicRequestContext> {
        let router = Router()
        let routes = PolicyRouter(router: router, sessions: env.sessions, table: table)
        // Outermost: a request for a host name that is not the server's, or a cross-site state
        // change to the emulator, is refused before a fault or a route sees it.
        router.add(middleware: BrowserGuard(env: env))
        router.add(middleware: EmulatorMiddleware(env: env))
        ConfigRoutes(env: env).addRoutes(to: routes)
        SignupRoutes(env: env).addRoutes(to: routes)
        PasswordLoginRoutes(env: env).addRoutes(to: routes)
        OAuthRoutes(env: env).addRoutes(to: routes)
        ProfileRoutes(env: env).addRoutes(to: routes)
        OIDCUserInfoRoutes(env: env).addRoutes(to: routes)
        PasswordRoutes(env: env).addRoutes(to: routes)
        VerificationRoutes(env: env).addRoutes(to: routes)
        PasswordlessRoutes(env: env).addRoutes(to: routes)
        MfaRoutes(env: env).addRoutes(to: routes)
        WebAuthnRoutes(env: env).addRoutes(to: routes)
        DiscoveryRoutes(env: env).addRoutes(to: routes)
        if env.configuration.emulatorAPI {
            EmulatorRoutes(env: env).addRoutes(to: routes)
            ConsoleRoutes(env: env).addRoutes(to: routes)
        }
        ConsoleRoutes.addAlwaysOnRoutes(to: routes, consoleOn: env.configuration.emulatorAPI)
        return router
    }
}
