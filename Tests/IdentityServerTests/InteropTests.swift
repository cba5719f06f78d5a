import Foundation
import TestSupport
import XCTest

/// Independent implementations against `latchkey serve`: Authlib and PyJWT (OIDC discovery,
/// authorization code + PKCE with a tkn, refresh rotation, id_token verification against the
/// JWKS), soft-webauthn (passkey signup and login through the WebAuthn routes), and
/// schemathesis (requests generated from the OpenAPI document). Their venvs come from `.ci/run`;
/// without them these tests are skipped, and under CI=true that is a failure.
final class InteropTests: XCTestCase {
    static let interop = packageRoot.appendingPathComponent("Tests/IdentityServerTests/Interop")
    static let python = packageRoot.appendingPathComponent(".venv/bin/python")
    static let softWebAuthnPython = packageRoot.appendingPathComponent(".venv-soft-webauthn/bin/python")

    func requireVenv(_ python: URL) throws {
        if FileManager.default.isExecutableFile(atPath: python.path) { return }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("CI must run .ci/run, which installs \(python.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent)")
        }
        throw XCTSkip("needs \(python.path) (run .ci/run)")
    }

    func startServer() throws -> ServeProcess {
        try ServeProcess.start(["--in-memory", "--emulator-api", "--config", Self.interop.appendingPathComponent("interop-config.json").path])
    }

    func runScript(_ python: URL, _ script: String, _ server: ServeProcess) throws -> ProcessRunner.Result {
        try ProcessRunner.run(python, [Self.interop.appendingPathComponent(script).path, server.baseURL])
    }

    func testAuthlibAndPyJWTAsOIDCClient() throws {
        try requireVenv(Self.python)
        let server = try startServer()
        defer { _ = server.terminate() }
        let result = try runScript(Self.python, "oidc_interop.py", server)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS PyJWT: PyJWKClient"), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS refresh reuse revokes the family"), result.stdout)
    }

    func testSoftWebAuthnSignsUpAndSignsIn() throws {
        try requireVenv(Self.softWebAuthnPython)
        let server = try startServer()
        defer { _ = server.terminate() }
        let result = try runScript(Self.softWebAuthnPython, "soft_webauthn_interop.py", server)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS discoverable login"), result.stdout)
    }
}
