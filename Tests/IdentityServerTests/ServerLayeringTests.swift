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
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.withoutComment).joined(separator: "\n")
            out.append((folder + "/" + url.path.dropFirst(base.path.count + 1), code))
        }
        return out
    }

    /// The line without its `//` comment: the first `//` outside a string literal.
    static func withoutComment(_ line: Substring) -> String {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let c = line[index]
            if c == "\"" && previous != "\\" { inString.toggle() }
            if !inString, c == "/", previous == "/" { return String(line[..<line.index(before: index)]) }
            previous = c
        }
        return String(line)
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
        for folder in ["Services", "Accounts", "Ceremonies", "OAuth", "Store"] {
            for file in try files(under: folder) {
                for type in routeTypes where mentions(file.code, type) { XCTFail("\(file.path) mentions the route type \(type)") }
                // Nor HTTP: a service takes values, never a request.
                if file.code.contains("import Hummingbird") { XCTFail("\(file.path) imports Hummingbird") }
            }
        }
    }

    /// A route group holds services, and reaches nothing through them: no `.core` of a service.
    func testRoutesDoNotReachThroughTheirServices() throws {
        for file in try files(under: "Routes") + files(under: "Emulator") where file.code.contains(".core.") {
            XCTFail("\(file.path) reaches a service's core")
        }
    }

    func testTheCommentStripperKeepsStrings() {
        XCTAssertEqual(Self.withoutComment(#"let u = "https://x" // note"#), #"let u = "https://x" "#)
        XCTAssertEqual(Self.withoutComment("// all comment"), "")
    }

    func testTheStoreThrowsNoAPIError() throws {
        for file in try files(under: "Store") where mentions(file.code, "APIError") { XCTFail("\(file.path) mentions APIError") }
    }

    func testSQLLivesUnderStore() throws {
        for folder in [
            "Services", "Accounts", "Routes", "Console", "Emulator", "Support", "Startup", "Tokens", "Ceremonies", "OAuth", "Configuration",
            "Errors",
        ] {
            for file in try files(under: folder) where file.code.contains(".prepare(") || file.code.contains(".execute(\"") {
                XCTFail("\(file.path) runs SQL")
            }
        }
    }

    func testNoRouteOrServiceIsHandedTheWholeServer() throws {
        for folder in [
            "Services", "Accounts", "Routes", "Console", "Emulator", "Ceremonies", "OAuth", "Store", "Tokens", "Errors", "Configuration",
        ] {
            for file in try files(under: folder) where mentions(file.code, "ServerEnvironment") {
                XCTFail("\(file.path) takes ServerEnvironment")
            }
        }
    }
}
