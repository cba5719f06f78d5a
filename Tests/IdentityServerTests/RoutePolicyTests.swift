import Encoding
import Foundation
import Hummingbird
import XCTest

@testable import IdentityServer

/// The route policy mechanism (PolicyRouter): every route the server answers declares its access
/// where it is registered, and the routes that add or remove a way to sign in or a second factor
/// declare `full_write` and a fresh login. Walked from the router's own table, so a route added
/// any other way fails here.
final class RoutePolicyTests: XCTestCase {
    private func environment(emulatorAPI: Bool) throws -> ServerEnvironment {
        try ServerEnvironment(
            configuration: TestServer.configuration { $0.emulatorAPI = emulatorAPI }, store: try IdentityStore.inMemory(),
            baseURL: "http://127.0.0.1:1")
    }

    /// The router's routes that have no declared access.
    private func undeclared(_ table: RouteTable, _ routes: [(method: String, path: String)]) -> [String] {
        routes.filter { table.access(method: $0.method, path: $0.path) == nil }.map { "\($0.method) \($0.path)" }
    }

    /// Adding or removing a way to sign in or a second factor.
    static let credentialChanges: [(String, String)] = [
        ("POST", "/identity/v1/mfa/credentials/emails"), ("POST", "/identity/v1/mfa/credentials/phone-numbers"),
        ("POST", "/identity/v1/mfa/credentials/emails/verify"), ("POST", "/identity/v1/mfa/credentials/phone-numbers/verify"),
        ("DELETE", "/identity/v1/mfa/credentials/emails"), ("DELETE", "/identity/v1/mfa/credentials/phone-numbers"),
        ("DELETE", "/identity/v1/mfa/trusteddevices/{id}"), ("POST", "/identity/v1/webauthn/registration-options"),
        ("POST", "/identity/v1/webauthn/registration"), ("DELETE", "/identity/v1/webauthn/registration/{id}"),
        ("POST", "/identity/v1/update-email"), ("POST", "/identity/v1/update-phone-number"),
    ]

    func testEveryRouteDeclaresItsAccess() throws {
        for emulatorAPI in [true, false] {
            let (table, routes) = IdentityServerApplication.declaredRoutes(environment: try environment(emulatorAPI: emulatorAPI))
            XCTAssertGreaterThan(routes.count, 40)
            XCTAssertEqual(undeclared(table, routes), [], "routes without a declared access (emulator API \(emulatorAPI))")
            XCTAssertEqual(table.all.count, routes.count, "declared routes the router does not have")
        }
    }

    /// The check itself catches a route added around PolicyRouter.
    func testARouteAddedAroundThePolicyRouterIsCaught() throws {
        let table = RouteTable()
        let router = IdentityServerApplication.serviceRouter(environment: try environment(emulatorAPI: false), table: table)
        router.get("/identity/v1/me/secrets") { _, _ in Response(status: .ok) }
        let routes = router.routes.map { ($0.method.rawValue, $0.path.description) }
        XCTAssertEqual(undeclared(table, routes), ["GET /identity/v1/me/secrets"])
    }

    func testRoutesThatChangeHowTheAccountSignsInNeedAFreshFullWriteLogin() throws {
        let (table, _) = IdentityServerApplication.declaredRoutes(environment: try environment(emulatorAPI: false))
        for (method, path) in Self.credentialChanges {
            XCTAssertEqual(table.access(method: method, path: path)?.policy, .credentialChange, "\(method) \(path)")
        }
        // A password without the old one, or a login identifier through update-profile: fresh
        // for those changes only.
        XCTAssertEqual(table.access(method: "POST", path: "/identity/v1/update-password"), .optionalBearer(.writeSignIn))
        XCTAssertEqual(table.access(method: "POST", path: "/identity/v1/update-profile"), .bearer(.writeSignIn))
        // Every bearer route needs at least a signed-in session; none is left to the handler.
        let bearerRoutes = table.all.filter { $0.value.policy != nil }
        XCTAssertGreaterThanOrEqual(bearerRoutes.count, 23)
    }

    /// docs/server.md's route table is this table (each bearer route with its scope and freshness).
    func testTheREADMEListsEveryBearerRoute() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).appendingPathComponent("../../../docs/server.md").standardized, encoding: .utf8)
        let (table, _) = IdentityServerApplication.declaredRoutes(environment: try environment(emulatorAPI: false))
        for (key, access) in table.all {
            guard let policy = access.policy else { continue }
            let row = "| `\(key.method) \(key.path)` | \(policy.scope.map { "`\($0)`" } ?? "any") | \(policy.freshness.rawValue) |"
            XCTAssertTrue(readme.contains(row), "docs/server.md lacks the row \(row)")
        }
    }
}
