import Encoding
import XCTest

@testable import IdentityServer

/// A known path asked with a method it does not take answers 405 with `Allow` (RFC 9110
/// §15.5.6) and the ReachFive error body; an unknown path stays 404.
final class OpenAPIMethodNotAllowedTests: XCTestCase {
    func testAKnownPathWithAnotherMethodAnswers405WithAllow() async throws {
        let server = try await TestServer.start()
        // Raw client: these answers are outside the document's operations on purpose.
        let client = HTTPClient(baseURL: server.baseURL)
        let get = try await client.get("/identity/v1/signup")
        assertAPIError(get, status: 405, error: "method_not_allowed")
        XCTAssertEqual(get.header("Allow"), "POST")
        XCTAssertEqual(get.json["error_message_key"]?.stringValue, "error.invalidRequest")

        let put = try await client.send("PUT", "/emulator/v1/accounts", body: Array("{}".utf8))
        assertAPIError(put, status: 405, error: "method_not_allowed")
        XCTAssertEqual(put.header("Allow"), "GET, POST, DELETE")

        // A parameter path: the methods of the template it falls under.
        let post = try await client.post("/identity/v1/webauthn/registration/abc", .object([:]))
        assertAPIError(post, status: 405, error: "method_not_allowed")
        XCTAssertEqual(post.header("Allow"), "DELETE")

        let head = try await client.send("HEAD", "/identity/v1/update-email")
        XCTAssertEqual(head.status, 405)
        XCTAssertEqual(head.header("Allow"), "POST")

        // schemathesis asks TRACE of every path and expects 405.
        let trace = try await client.send("TRACE", "/openapi.json")
        XCTAssertEqual(trace.status, 405)
        XCTAssertEqual(trace.header("Allow"), "GET")

        let unknown = try await client.get("/identity/v1/no-such-route")
        assertAPIError(unknown, status: 404, error: "not_found")
        XCTAssertNil(unknown.header("Allow"))

        // A route that answers 404 itself (no such account) is not the router's "no route": its
        // method is taken there, so no 405 replaces it.
        let missing = try await client.get("/emulator/v1/accounts/no-such-account/mfa")
        XCTAssertEqual(missing.status, 404)
        XCTAssertNil(missing.header("Allow"))
        // A method outside the refused list stays the router's 404 on a known path too.
        let propfind = try await client.send("PROPFIND", "/identity/v1/signup")
        XCTAssertEqual(propfind.status, 404)
        XCTAssertNil(propfind.header("Allow"))
        await server.stop()
    }

    func testTheEmulatorPathsAre404WithoutTheEmulatorAPI() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.emulatorAPI = false })
        let client = HTTPClient(baseURL: server.baseURL)
        let put = try await client.send("PUT", "/emulator/v1/accounts", body: Array("{}".utf8))
        assertAPIError(put, status: 404, error: "not_found")
        await server.stop()
    }

    func testAllowListsCommonMethodsInOrder() {
        XCTAssertEqual(MethodNotAllowedRoutes.allow([.delete, .get, .post]), "GET, POST, DELETE")
    }
}
