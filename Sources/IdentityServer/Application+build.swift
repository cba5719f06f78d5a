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

    static func serviceRouter(environment env: ServerEnvironment) -> Router<BasicRequestContext> {
        let router = Router()
        // Outermost: a request for a host name that is not the server's, or a cross-site state
        // change to the emulator, is refused before a fault or a route sees it.
        router.add(middleware: BrowserGuard(env: env))
        router.add(middleware: EmulatorMiddleware(env: env))
        ConfigRoutes(env: env).addRoutes(to: router)
        SignupRoutes(env: env).addRoutes(to: router)
        PasswordLoginRoutes(env: env).addRoutes(to: router)
        OAuthRoutes(env: env).addRoutes(to: router)
        ProfileRoutes(env: env).addRoutes(to: router)
        OIDCUserInfoRoutes(env: env).addRoutes(to: router)
        PasswordRoutes(env: env).addRoutes(to: router)
        VerificationRoutes(env: env).addRoutes(to: router)
        PasswordlessRoutes(env: env).addRoutes(to: router)
        MfaRoutes(env: env).addRoutes(to: router)
        WebAuthnRoutes(env: env).addRoutes(to: router)
        DiscoveryRoutes(env: env).addRoutes(to: router)
        if env.configuration.emulatorAPI {
            EmulatorRoutes(env: env).addRoutes(to: router)
            ConsoleRoutes(env: env).addRoutes(to: router)
        }
        ConsoleRoutes.addAlwaysOnRoutes(to: router, consoleOn: env.configuration.emulatorAPI)
        return router
    }
}
