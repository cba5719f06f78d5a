import Foundation
import Hummingbird
import Logging
import NIOCore

/// Builds the identity server's router: every ReachFive route, the OIDC discovery documents, the
/// OpenAPI document, and (when enabled) the emulator's control API. `start` (Startup/) serves it.
public enum IdentityServerApplication {
    /// Every route, then a 405 with `Allow` for a known path asked with a method it does not take.
    public static func router(environment env: ServerEnvironment) -> Router<IdentityRequestContext> {
        let router = serviceRouter(environment: env)
        MethodNotAllowedRoutes.addRefusal(to: router)
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

    static func serviceRouter(environment env: ServerEnvironment, table: RouteTable = RouteTable()) -> Router<IdentityRequestContext> {
        let router = Router(context: IdentityRequestContext.self)
        let services = env.services
        let configuration = env.configuration
        let routes = PolicyRouter(router: router, sessions: services.sessions, table: table)
        // Outermost: a request for a host name that is not the server's, or a cross-site state
        // change to the emulator, is refused before a fault or a route sees it.
        router.add(middleware: BrowserGuard(names: env.serverNames))
        // Every request's device, for whatever session it opens or uses (session devices).
        router.add(middleware: ClientDeviceMiddleware())
        router.add(
            middleware: EmulatorMiddleware(
                emulator: configuration.emulatorAPI ? (env.faults, env.journal) : nil, clock: env.clock, logger: env.logger))
        // Each route group is given only the services it calls.
        HealthRoutes().addRoutes(to: routes)
        ConfigRoutes(configuration: configuration, appleKeys: env.appleKeys).addRoutes(to: routes)
        SignupRoutes(accounts: services.accounts, configuration: configuration).addRoutes(to: routes)
        PasswordLoginRoutes(accounts: services.accounts, configuration: configuration).addRoutes(to: routes)
        OAuthRoutes(grants: services.grants).addRoutes(to: routes)
        ProfileRoutes(accounts: services.accounts, verification: services.verification, sessions: services.sessions).addRoutes(to: routes)
        WebSessionRoutes(grants: services.grants, configuration: configuration).addRoutes(to: routes)
        HostedLoginRoutes(
            grants: services.grants, accounts: services.accounts, verification: services.verification, mfa: services.mfa,
            providers: services.providers, names: env.serverNames, configuration: configuration
        )
        .addRoutes(to: routes)
        OIDCUserInfoRoutes(sessions: services.sessions, accounts: services.accounts).addRoutes(to: routes)
        SessionDeviceRoutes(devices: services.sessionDevices).addRoutes(to: routes)
        PasswordRoutes(accounts: services.accounts, sessions: services.sessions, configuration: configuration).addRoutes(to: routes)
        VerificationRoutes(verification: services.verification, sessions: services.sessions, configuration: configuration)
            .addRoutes(to: routes)
        PasswordlessRoutes(
            accounts: services.accounts, verification: services.verification, mfa: services.mfa, configuration: configuration
        )
        .addRoutes(to: routes)
        MfaRoutes(mfa: services.mfa).addRoutes(to: routes)
        WebAuthnRoutes(passkeys: services.passkeys).addRoutes(to: routes)
        EmulatedProviderRoutes(providers: services.providers, names: env.serverNames).addRoutes(to: routes)
        DiscoveryRoutes(configuration: configuration, issuer: env.issuer, baseURL: env.baseURL, signingKeys: env.signingKey).addRoutes(
            to: routes)
        if configuration.emulatorAPI {
            EmulatorRoutes(
                control: services.emulator, configuration: configuration, clock: env.clock, faults: env.faults, journal: env.journal
            )
            .addRoutes(to: routes)
            ProviderEmulatorRoutes(providers: services.providers).addRoutes(to: routes)
            WebSessionEmulatorRoutes(grants: services.grants).addRoutes(to: routes)
            ConsoleRoutes(
                site: ConsoleSite(
                    console: services.console, mfa: services.mfa, core: services.core, faults: env.faults,
                    journal: env.journal, recentTokens: env.recentTokens, signingKeys: env.signingKey, consoleToken: env.consoleToken,
                    serverNames: env.serverNames, providers: services.providers)
            ).addRoutes(to: routes)
        }
        ConsoleRoutes.addAlwaysOnRoutes(to: routes, consoleOn: configuration.emulatorAPI)
        return router
    }
}
