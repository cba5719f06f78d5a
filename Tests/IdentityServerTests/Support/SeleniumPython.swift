import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// The venv's Python when Chromium, its driver and Selenium are there; a skip (a failure
    /// under CI=true) otherwise.
    func seleniumPython() async throws -> URL {
        let python = InteropTests.python
        let browserParts = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        let missing = browserParts.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        var hasSelenium = FileManager.default.isExecutableFile(atPath: python.path)
        if hasSelenium { hasSelenium = (try? await ProcessRunner.run(python, ["-c", "import selenium"]).status) == 0 }
        if !missing.isEmpty || !hasSelenium {
            let why =
                "needs Debian's chromium and chromium-driver and Selenium in .venv (run .ci/run); missing: \((missing + (hasSelenium ? [] : ["selenium"])).joined(separator: ", "))"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(why) }
            throw XCTSkip(why)
        }
        return python
    }
}
