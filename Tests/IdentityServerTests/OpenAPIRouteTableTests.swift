import Encoding
import LatchkeyRelease
import XCTest

@testable import IdentityServer

/// The router and the OpenAPI document describe the same operations, and the document's version
/// is the CLI's.
final class OpenAPIRouteTableTests: XCTestCase {
    private func routerOperations(emulatorAPI: Bool) throws -> Set<OpenAPIContract.Operation> {
        let env = try ServerEnvironment(
            configuration: TestServer.configuration { $0.emulatorAPI = emulatorAPI }, store: try IdentityStore.inMemory(),
            baseURL: "http://127.0.0.1:1")
        return Set(IdentityServerApplication.routes(environment: env).map { OpenAPIContract.Operation($0.method, $0.path) })
    }

    private func assertSame(emulatorAPI: Bool) throws {
        let routes = try routerOperations(emulatorAPI: emulatorAPI)
        let documented = try OpenAPIContract.load().operations(emulatorAPI: emulatorAPI)
        XCTAssertFalse(routes.isEmpty)
        XCTAssertEqual(routes.subtracting(documented).sorted(), [], "routes the document does not describe")
        XCTAssertEqual(documented.subtracting(routes).sorted(), [], "documented operations the router does not have")
    }

    func testTheRouterHasExactlyTheDocumentedOperationsWithTheEmulatorAPI() throws {
        try assertSame(emulatorAPI: true)
    }

    func testWithoutTheEmulatorAPITheEmulatorRoutesAreAbsent() throws {
        try assertSame(emulatorAPI: false)
        let routes = try routerOperations(emulatorAPI: false)
        XCTAssertEqual(routes.filter { $0.path.hasPrefix("/emulator/") }, [])
        let emulatorOnly = try OpenAPIContract.load().operations(emulatorAPI: true).subtracting(routes)
        XCTAssertTrue(emulatorOnly.contains(.init("GET", "/emulator/v1/outbox")), "\(emulatorOnly.sorted())")
    }

    func testThePathComparisonIsPositional() {
        XCTAssertEqual(OpenAPIContract.Operation("delete", "/a/{id}/b"), OpenAPIContract.Operation("DELETE", "/a/:credential/b"))
        XCTAssertNotEqual(OpenAPIContract.Operation("GET", "/a/{id}"), OpenAPIContract.Operation("GET", "/a/b"))
    }

    func testTheDocumentVersionIsTheCLIVersion() throws {
        let document = try OpenAPIContract.load().document
        XCTAssertEqual(document["info"]?["version"]?.stringValue, LatchkeyVersion.current)
    }
}
