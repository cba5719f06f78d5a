import Foundation
import TestSupport
import XCTest

/// Authlib and PyJWT against `latchkey serve` configured for RS256 id tokens: discovery validates
/// whole, the RS256 id token verifies against the JWKS, userinfo answers GET and POST with `sub`,
/// a reused code revokes what it gave, and a bad tkn is `access_denied`. Skipped without the
/// CI venv, except under CI=true, where that is a failure (as InteropTests).
final class OAuthInteropTests: XCTestCase {
    func testAuthlibAndPyJWTCheckOIDCToTheLetterWithRS256IdTokens() async throws {
        let python = packageRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("CI must run .ci/run, which installs .venv") }
            throw XCTSkip("needs \(python.path) (run .ci/run)")
        }
        let config = InteropTests.interop.appendingPathComponent("interop-config-rs256.json").path
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api", "--config", config])
        defer { server.stop() }
        let script = InteropTests.interop.appendingPathComponent("oidc_letter_interop.py").path
        let result = try await ProcessRunner.run(python, [script, server.baseURL, config], environment: ["INTEROP_STRICT": "1"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        for check in [
            "PASS discovery: Authlib validate() passes whole", "PASS PyJWT: PyJWKClient + jwt.decode(RS256",
            "PASS Authlib: CodeIDToken validation of the RS256 id_token", "PASS userinfo GET and POST",
            "PASS authorization code presented twice", "PASS a bad tkn at /oauth/authorize redirects with error=access_denied",
        ] {
            XCTAssertTrue(result.stdout.contains(check), "\(check) in\n\(result.stdout)")
        }
    }
}
