import Encoding
import XCTest

@testable import IdentityServer

/// Every route answers at least once (`OpenAPIConformanceTour`), and every answer, success or
/// error, is one the OpenAPI document describes: a documented status, a body valid against its
/// schema (`JSONSchemaValidator`, no Python).
final class OpenAPIConformanceTests: XCTestCase {
    func testEveryRouteAnswersAsTheDocumentSays() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let recorder = try XCTUnwrap(server.client.recorder)
        do {
            try await OpenAPIConformanceTour(server: server).run()
        } catch {
            XCTFail("the tour stopped: \(error)")
        }
        await server.stop()

        let contract = try OpenAPIContract.load()
        var covered: Set<OpenAPIContract.Operation> = []
        var problems: [String] = []
        let exchanges = try OpenAPIContract.exchanges(recorder)
        for exchange in exchanges {
            let (operation, found) = contract.check(exchange)
            if let operation { covered.insert(operation) }
            problems += found
        }
        XCTAssertGreaterThan(exchanges.count, 50)
        XCTAssertEqual(problems, [], "answers the document does not describe")
        XCTAssertEqual(contract.operations(emulatorAPI: true).subtracting(covered).sorted(), [], "operations the tour never reached")
    }

    /// The check itself refuses an undocumented route, an undocumented status and a wrong body.
    func testTheCheckRefusesWhatTheDocumentDoesNotDescribe() throws {
        let contract = try OpenAPIContract.load()
        typealias E = OpenAPIContract.Exchange
        XCTAssertEqual(contract.check(E(method: "GET", path: "/nowhere", status: 200, body: .null)).problems.count, 1)
        XCTAssertEqual(contract.check(E(method: "PUT", path: "/identity/v1/signup", status: 200, body: .null)).problems.count, 1)
        XCTAssertEqual(contract.check(E(method: "GET", path: "/.well-known/jwks.json", status: 201, body: .null)).problems.count, 1)
        let wrongBody = contract.check(E(method: "GET", path: "/emulator/v1/limits?x=1", status: 200, body: .object(["a": "b"])))
        XCTAssertEqual(wrongBody.operation, .init("GET", "/emulator/v1/limits"))
        XCTAssertFalse(wrongBody.problems.isEmpty)
        let parameter = contract.check(E(method: "DELETE", path: "/identity/v1/webauthn/registration/abc", status: 204, body: .null))
        XCTAssertEqual(parameter.operation, .init("DELETE", "/identity/v1/webauthn/registration/{id}"))
        XCTAssertEqual(parameter.problems, [])
    }
}
