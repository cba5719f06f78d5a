import EmulatorClient
import Encoding
import Foundation
import Hummingbird
import LatchkeyCrypto
import TestSupport
import XCTest

@testable import IdentityServer

/// An identity server running inside the test process on a loopback port, with its
/// environment (store, clock, configuration) at hand for the assertions.
final class TestServer: @unchecked Sendable {
    let running: RunningServer
    let client: HTTPClient
    /// The server's emulator API, through the client library apps use.
    let emulator: EmulatorClient

    var env: ServerEnvironment { running.environment }
    var baseURL: String { running.baseURL }
    var clientId: String { env.configuration.clientId }

    /// A configuration for tests: cheap scrypt (the cost is a parameter, not the behaviour under
    /// test), the emulator API on.
    static func configuration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var c = ServerConfiguration()
        c.passwordHashLogN = 10
        c.emulatorAPI = true
        adjust(&c)
        return c
    }

    static func start(_ configuration: ServerConfiguration = configuration(), store: IdentityStore? = nil) async throws -> TestServer {
        let running = try await IdentityServerApplication.start(
            configuration: configuration, storage: store.map { .store($0) } ?? .inMemory, logLevel: .critical)
        return TestServer(
            running: running, client: HTTPClient(baseURL: running.baseURL, recorder: ExchangeRecorder()),
            emulator: try EmulatorClient(baseURL: running.baseURL))
    }

    private init(running: RunningServer, client: HTTPClient, emulator: EmulatorClient) {
        self.running = running
        self.client = client
        self.emulator = emulator
    }

    /// Stops the server, then checks every response it gave against the OpenAPI document it
    /// serves (status documented, body valid against the schema), with the independent
    /// `jsonschema` validator from the CI venv.
    func stop(file: StaticString = #filePath, line: UInt = #line) async {
        await running.stop()
        guard let recorder = client.recorder, recorder.count > 0 else { return }
        do {
            try await ResponseSchemaCheck.run(recorder.text)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    // MARK: flows

    static let allScopes = "openid email profile phone address full_write offline_access"

    /// A random PKCE verifier (125 characters, as the iOS SDK makes) and its S256 challenge.
    static func pkce() -> (verifier: String, challenge: String) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let verifier = String(SystemRandom.bytes(125).map { alphabet[Int($0) % alphabet.count] })
        return (verifier, Base64URL.encode(Digest.sha256(Array(verifier.utf8))))
    }

    var callback: String { "\(env.configuration.customScheme)://callback" }

    func signup(
        email: String, password: String = "correct horse battery staple", scope: String = allScopes,
        extra: [String: JSONValue] = [:]
    ) async throws -> HTTPClient.Reply {
        var data: [String: JSONValue] = ["email": .string(email), "password": .string(password)]
        data.merge(extra, uniquingKeysWith: { $1 })
        return try await client.post(
            "/identity/v1/signup-token?platform=ios&sdk=11.0.0",
            .object(["client_id": .string(clientId), "data": .object(data), "scope": .string(scope)]))
    }

    func passwordLogin(email: String, password: String = "correct horse battery staple", scope: String = allScopes) async throws
        -> HTTPClient.Reply
    {
        try await client.post(
            "/identity/v1/password/login",
            .object([
                "client_id": .string(clientId), "email": .string(email),
                "password": .string(password), "grant_type": "password",
                "scope": .string(scope),
            ]))
    }

    func authorize(tkn: String, challenge: String, scope: String = allScopes, redirectURI: String? = nil, method: String = "S256")
        async throws -> HTTPClient.Reply
    {
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: redirectURI ?? callback), .init(name: "scope", value: scope),
            .init(name: "code_challenge", value: challenge), .init(name: "code_challenge_method", value: method),
            .init(name: "tkn", value: tkn), .init(name: "platform", value: "ios"), .init(name: "sdk", value: "11.0.0"),
        ]
        return try await client.get("/oauth/authorize?" + (c.percentEncodedQuery ?? ""))
    }

    func token(code: String, verifier: String, redirectURI: String? = nil) async throws -> HTTPClient.Reply {
        try await client.post(
            "/oauth/token",
            .object([
                "client_id": .string(clientId), "code": .string(code), "grant_type": "authorization_code",
                "redirect_uri": .string(redirectURI ?? callback), "code_verifier": .string(verifier),
            ]))
    }

    /// tkn → authorize → token, asserting each step; returns the token response.
    func exchange(tkn: String, scope: String = allScopes, file: StaticString = #filePath, line: UInt = #line) async throws -> JSONValue {
        let pkce = Self.pkce()
        let authorize = try await authorize(tkn: tkn, challenge: pkce.challenge, scope: scope)
        XCTAssertEqual(authorize.status, 302, file: file, line: line)
        let code = try XCTUnwrap(authorize.query("code"), "no code in \(authorize.header("Location") ?? "-")", file: file, line: line)
        let token = try await self.token(code: code, verifier: pkce.verifier)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self), file: file, line: line)
        return token.json
    }

    /// A signed-up, logged-in user's token response (via password login and the tkn exchange).
    func login(email: String, scope: String = allScopes) async throws -> JSONValue {
        let signup = try await signup(email: email)
        XCTAssertEqual(signup.status, 200, String(decoding: signup.body, as: UTF8.self))
        let login = try await passwordLogin(email: email, scope: scope)
        XCTAssertEqual(login.status, 200, String(decoding: login.body, as: UTF8.self))
        return try await exchange(tkn: try XCTUnwrap(login.json["tkn"]?.stringValue), scope: scope)
    }

    /// The messages sent to `to`, oldest first.
    func outbox(to: String) async throws -> [OutboxMessage] {
        try await emulator.outbox(to: to)
    }
}

/// Asserts a ReachFive error body: status, `error`, and every member of the contract.
func assertAPIError(_ reply: HTTPClient.Reply, status: Int, error: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(reply.status, status, String(decoding: reply.body, as: UTF8.self), file: file, line: line)
    XCTAssertEqual(reply.json["error"]?.stringValue, error, String(decoding: reply.body, as: UTF8.self), file: file, line: line)
    for key in ["error_id", "error_description", "error_message_key", "error_user_msg"] {
        XCTAssertNotNil(reply.json[key]?.stringValue, "missing \(key)", file: file, line: line)
    }
}

/// `XCTUnwrap` for values computed with `await` (XCTest's autoclosures cannot await).
func unwrap<T>(_ value: T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> T {
    try XCTUnwrap(value, message, file: file, line: line)
}

/// `XCTAssertEqual(reply.status, status)` for replies computed with `await`.
func assertStatus(_ reply: HTTPClient.Reply, _ status: Int, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(reply.status, status, message.isEmpty ? String(decoding: reply.body, as: UTF8.self) : message, file: file, line: line)
}

/// Runs `Interop/validate_responses.py` over recorded exchanges. Without the venv the check is
/// left out (and said so once), except under CI=true, where that is a failure.
enum ResponseSchemaCheck {
    static let python = packageRoot.appendingPathComponent(".venv/bin/python")
    static let script = packageRoot.appendingPathComponent("Tests/IdentityServerTests/Interop/validate_responses.py")
    static var available: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ exchanges: String) async throws {
        guard available else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                throw Failure(description: "CI must run .ci/run, which installs .venv with jsonschema")
            }
            return
        }
        let dir = try ScratchDirectory.make("schema")
        let doc = dir.appendingPathComponent("openapi.json")
        let lines = dir.appendingPathComponent("exchanges.jsonl")
        try Data(OpenAPIDocument.bytes).write(to: doc)
        try Data(exchanges.utf8).write(to: lines)
        let result = try await ProcessRunner.run(python, [script.path, doc.path, lines.path])
        guard result.status == 0 else {
            throw Failure(description: "responses do not match the OpenAPI document:\n\(result.stdout)\(result.stderr)")
        }
    }
}
