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
            XCTFail(
                "CI must run .ci/run, which installs \(python.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent)")
        }
        throw XCTSkip("needs \(python.path) (run .ci/run)")
    }

    func startServer() async throws -> ServeProcess {
        try await ServeProcess.start([
            "--in-memory", "--emulator-api", "--config", Self.interop.appendingPathComponent("interop-config.json").path,
        ])
    }

    func runScript(_ python: URL, _ script: String, _ server: ServeProcess) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(python, [Self.interop.appendingPathComponent(script).path, server.baseURL])
    }

    func testAuthlibAndPyJWTAsOIDCClient() async throws {
        try requireVenv(Self.python)
        let server = try await startServer()
        defer { server.stop() }
        let result = try await runScript(Self.python, "oidc_interop.py", server)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS PyJWT: PyJWKClient"), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS refresh reuse revokes the family"), result.stdout)
    }

    func testSoftWebAuthnSignsUpAndSignsIn() async throws {
        try requireVenv(Self.softWebAuthnPython)
        let server = try await startServer()
        defer { server.stop() }
        let result = try await runScript(Self.softWebAuthnPython, "soft_webauthn_interop.py", server)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS discoverable login"), result.stdout)
    }

    /// Acceptance: schemathesis generates at least 2,000 requests from `/openapi.json` and finds
    /// no 5xx and no response the document does not describe.
    func testSchemathesisFindsNoServerErrorAndNoUndocumentedResponse() async throws {
        try requireVenv(Self.python)
        let dir = try ScratchDirectory.make("schemathesis")
        let config = dir.appendingPathComponent("config.json")
        try Data(#"{"password_hash_log_n": 10}"#.utf8).write(to: config)
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api", "--config", config.path])
        defer { server.stop() }
        let document = try await server.client.get("/openapi.json")
        XCTAssertEqual(document.status, 200)
        let path = dir.appendingPathComponent("openapi.json")
        try Data(document.body).write(to: path)
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/bin/bash"),
            [
                Self.interop.appendingPathComponent("schemathesis_run.sh").path, server.baseURL,
                packageRoot.appendingPathComponent(".venv/bin/schemathesis").path, path.path,
            ])
        XCTAssertEqual(result.status, 0, String((result.stdout + result.stderr).suffix(6000)))
        let sent = result.stdout.split(separator: "\n").last { $0.contains("requests") } ?? ""
        let count = Int(sent.split(separator: " ").first { Int($0) != nil } ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(count, 2000, "schemathesis sent \(count) requests: \(sent)")
    }
}
