import Foundation
import XCTest

/// The identity server's wiring rules, read from its source tree so that a new file cannot slip
/// past them: services take domain values (no route type), the store speaks in store errors (no
/// `APIError`), SQL lives under `Store/`, and no route or service is handed the whole server
/// (`ServerEnvironment`): each gets only the services and values it uses.
final class ServerLayeringTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Sources/IdentityServer").standardized

    /// Each Swift file under `folder`, as (path relative to the target, code without comments).
    private func files(under folder: String) throws -> [(path: String, code: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                .joined(separator: "\n")
            out.append((folder + "/" + url.path.dropFirst(base.path.count + 1), code))
        }
        return out
    }

    private func mentions(_ code: String, _ word: String) -> Bool {
        code.range(of: "\\b\(word)\\b", options: .regularExpression) != nil
    }

    func testTheTreeIsWhereTheseRulesLook() throws {
        XCTAssertGreaterThan(try files(under: "Services").count, 20)
        XCTAssertGreaterThan(try files(under: "Routes").count, 15)
        XCTAssertGreaterThan(try files(under: "Store").count, 10)
    }

    func testServicesTakeNoRouteType() throws {
        let routeTypes = try Set(
            files(under: "Routes").flatMap { file in
                file.code.matches(of: /(?:struct|enum|class) ([A-Z][A-Za-z0-9]*)/).map { String($0.1) }
            }
        ).subtracting(["CodingKeys"])
        XCTAssertTrue(routeTypes.contains("MfaRoutes") && routeTypes.contains("PolicyRouter"), "\(routeTypes.sorted())")
        for file in try files(under: "Services") + files(under: "Accounts") {
            for type in routeTypes where mentions(file.code, type) { XCTFail("\(file.path) mentions the route type \(type)") }
        }
    }

    func testTheStoreThrowsNoAPIError() throws {
        for file in try files(under: "Store") where mentions(file.code, "APIError") { XCTFail("\(file.path) mentions APIError") }
    }

    func testSQLLivesUnderStore() throws {
        for folder in ["Services", "Accounts", "Routes", "Console", "Emulator", "Support", "Startup", "Tokens", "Ceremonies", "OAuth"] {
            for file in try files(under: folder) where file.code.contains("db.prepare(") || file.code.contains("db.execute(") {
                XCTFail("\(file.path) runs SQL")
            }
        }
    }

    func testNoRouteOrServiceIsHandedTheWholeServer() throws {
        for folder in ["Services", "Accounts", "Routes", "Console", "Emulator", "Ceremonies", "OAuth", "Store"] {
            for file in try files(under: folder) where mentions(file.code, "ServerEnvironment") {
                XCTFail("\(file.path) takes ServerEnvironment")
            }
        }
    }
}
