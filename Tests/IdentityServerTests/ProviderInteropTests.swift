import Foundation
import TestSupport
import XCTest

/// Authlib and PyJWT as the client of each emulated social provider: discovery validated whole, the
/// authorization code flow with PKCE through the chooser page's own form, the RS256 ID token
/// verified against the provider's JWKS. Skipped without the CI venv, except under CI=true.
final class ProviderInteropTests: XCTestCase {
    func testAuthlibLogsInThroughEachEmulatedProviderAndVerifiesItsIdToken() async throws {
        let python = InteropTests.python
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("CI must run .ci/run, which installs .venv") }
            throw XCTSkip("needs \(python.path) (run .ci/run)")
        }
        let config = InteropTests.interop.appendingPathComponent("interop-config.json").path
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api", "--config", config])
        defer { server.stop() }
        let script = InteropTests.interop.appendingPathComponent("provider_interop.py").path
        let result = try await ProcessRunner.run(python, [script, server.baseURL, config])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        for provider in ["google", "facebook"] {
            for check in [
                "discovery validates whole under Authlib", "comes back with code and state", "Authlib exchanges the code",
                "Authlib CodeIDToken validates the RS256 ID token", "PyJWT PyJWKClient", "the code presented again is invalid_grant",
            ] {
                let passed = result.stdout.split(separator: "\n").contains { $0.hasPrefix("PASS \(provider): ") && $0.contains(check) }
                XCTAssertTrue(passed, "PASS \(provider): …\(check) in\n\(result.stdout)")
            }
        }
    }
}
