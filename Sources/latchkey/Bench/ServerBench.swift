import Authenticator
import Encoding
import Foundation
@_spi(Benchmark) import LatchkeyCrypto
import Reach5
import WebAuthn

/// `latchkey bench --server`: full passkey logins against `latchkey serve` running in another
/// process, over loopback. One login is five calls: authentication-options, the authenticator's
/// assertion (in this process), authentication, authorize (tkn + PKCE), token.
enum ServerBench {
    struct BenchError: Error, CustomStringConvertible { var description: String }

    static let origin = "https://localhost"
    static let clientId = "latchkey-local"

    /// One account with its own software authenticator.
    struct User: Sendable {
        let client: WebAuthnClient
    }

    static func run(seconds: Double, concurrencies: [Int], sign: OpenSSLBaseline.Workload, verify: OpenSSLBaseline.Workload) throws
        -> [BenchCommand.Row]
    {
        let server = try ServedChild.start()
        defer { server.stop() }
        guard let port = URLComponents(string: server.baseURL)?.port else { throw BenchError(description: "no port in \(server.baseURL)") }
        let maxClients = concurrencies.max() ?? 1
        let setup = try KeepAliveConnection(port: port)
        let users = try (0..<maxClients).map { try signUp(setup, index: $0) }
        var rows: [BenchCommand.Row] = []
        for clients in concurrencies {
            let (count, elapsed, latencies) = try measure(port: port, users: Array(users.prefix(clients)), seconds: seconds)
            rows.append(.init(name: "passkey-login-\(clients)-client\(clients == 1 ? "" : "s")", perSecond: Double(count) / elapsed))
            let sorted = latencies.sorted()
            rows.append(.init(name: "passkey-login-\(clients)-p50", value: percentile(sorted, 0.50) * 1000, unit: "ms"))
            rows.append(.init(name: "passkey-login-\(clients)-p99", value: percentile(sorted, 0.99) * 1000, unit: "ms"))
        }
        rows += try facadeRows(
            baseURL: server.baseURL, seconds: seconds, serverOnly: rows.first { $0.name == "passkey-login-1-client" }?.perSecond)
        // The crypto bound of one login, measured now: the authenticator's signature, the
        // server's verification of it, and the server's two token signatures (access, id).
        let signRate = OpenSSLBaseline.measureOnce(seconds: min(seconds, 1)) { sign() }
        let verifyRate = OpenSSLBaseline.measureOnce(seconds: min(seconds, 1)) { verify() }
        let bound = 1 / (3 / signRate + 1 / verifyRate)
        rows.append(.init(name: "passkey-login-crypto-bound", perSecond: bound, baseline: "3 sign + 1 verify, one core"))
        if let single = rows.first(where: { $0.name == "passkey-login-1-client" })?.perSecond {
            rows.append(.init(name: "passkey-login", perSecond: single, baseline: "passkey-login-crypto-bound", ratio: single / bound))
        }
        return rows
    }

    /// The same login through the `Reach5` facade, as an app makes it: authentication options,
    /// the picker over a vault (sheet, vault lookup, signature, counter update), HTTP through
    /// URLSession, the tkn exchange. One client, as a ratio to the server-only login.
    static func facadeRows(baseURL: String, seconds: Double, serverOnly: Double?) throws -> [BenchCommand.Row] {
        let rate = try runBlocking { () async throws -> Double in
            let window = try HeadlessPresentation.ephemeral()
            let r5 = ReachFive(sdkConfig: SdkConfig(domain: "localhost", clientId: clientId, baseURL: URL(string: baseURL)))
            _ = try await r5.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: "facade-\(UUID().uuidString.prefix(8))@example.com"),
                    friendlyName: "bench", anchor: window, scopes: ["openid"]))
            let request = NativeLoginRequest(anchor: window, scopes: ["openid"])
            let clock = ContinuousClock()
            let start = clock.now
            let deadline = start + .milliseconds(Int(seconds * 1000))
            var count = 0
            while clock.now < deadline {
                _ = try await r5.login(
                    withRequest: request, usingModalAuthorizationFor: [.Passkey], display: .IfImmediatelyAvailableCredentials)
                count += 1
            }
            return Double(count) / (clock.now - start).seconds
        }.get()
        return [
            .init(
                name: "facade-passkey-login", perSecond: rate, baseline: serverOnly == nil ? nil : "passkey-login-1-client",
                ratio: serverOnly.map { rate / $0 })
        ]
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func signUp(_ http: KeepAliveConnection, index: Int) throws -> User {
        let client = WebAuthnClient(authenticator: try SoftwareAuthenticator(profile: .icloud), publicSuffixList: nil)
        let options = try http.send(
            "POST", "/identity/v1/webauthn/signup-options",
            json: .object([
                "client_id": .string(clientId), "origin": .string(origin), "friendly_name": "bench", "scope": "openid",
                "profile": .object(["email": .string("bench\(index)-\(UUID().uuidString.prefix(8))@example.com")]),
            ]))
        guard options.status == 200, let publicKey = options.json["options"]?["public_key"] else {
            throw BenchError(description: "signup-options: \(options.status)")
        }
        let response = try client.create(optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: origin)
        let finish = try http.send(
            "POST", "/identity/v1/webauthn/signup",
            json: .object([
                "webauthn_id": publicKey["user"]?["id"] ?? .null,
                "public_key_credential": .object([
                    "id": .string(response.id), "raw_id": .string(Base64URL.encode(response.rawId.bytes)), "type": "public-key",
                    "response": .object([
                        "attestation_object": .string(Base64URL.encode(response.response.attestationObject.bytes)),
                        "client_data_json": .string(Base64URL.encode(response.response.clientDataJSON.bytes)),
                    ]),
                ]),
            ]))
        guard finish.status == 200 else { throw BenchError(description: "signup: \(finish.status) \(finish.json)") }
        return User(client: client)
    }

    /// Logins by `users.count` clients, each on its own thread and connection, for `seconds`:
    /// completed logins, the elapsed time, and each login's latency.
    static func measure(port: Int, users: [User], seconds: Double) throws -> (Int, Double, [Double]) {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let results = WorkerResults(count: users.count)
        let group = DispatchGroup()
        for (i, user) in users.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let connection = try KeepAliveConnection(port: port)
                    var mine: [Double] = []
                    while clock.now < deadline {
                        let began = clock.now
                        try login(connection, user)
                        let d = clock.now - began
                        mine.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
                    }
                    results.set(i, .success(mine))
                } catch {
                    results.set(i, .failure(error))
                }
            }
        }
        group.wait()
        let elapsed = clock.now - start
        let latencies = try results.all().flatMap { $0 }
        return (latencies.count, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, latencies)
    }

    static func login(_ http: KeepAliveConnection, _ user: User) throws {
        let options = try http.send(
            "POST", "/identity/v1/webauthn/authentication-options",
            json: .object([
                "client_id": .string(clientId), "origin": .string(origin), "scope": "openid",
            ]))
        guard options.status == 200, let publicKey = options.json["public_key"] else {
            throw BenchError(description: "authentication-options: \(options.status)")
        }
        let assertion = try user.client.get(optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: origin)
        var response: [String: JSONValue] = [
            "authenticator_data": .string(Base64URL.encode(assertion.response.authenticatorData.bytes)),
            "client_data_json": .string(Base64URL.encode(assertion.response.clientDataJSON.bytes)),
            "signature": .string(Base64URL.encode(assertion.response.signature.bytes)),
        ]
        if let handle = assertion.response.userHandle { response["user_handle"] = .string(Base64URL.encode(handle.bytes)) }
        let finish = try http.send(
            "POST", "/identity/v1/webauthn/authentication",
            json: .object([
                "id": .string(assertion.id), "raw_id": .string(Base64URL.encode(assertion.rawId.bytes)), "type": "public-key",
                "response": .object(response),
            ]))
        guard finish.status == 200, let tkn = finish.json["tkn"]?.stringValue else {
            throw BenchError(description: "authentication: \(finish.status) \(finish.json)")
        }
        let verifier = Base64URL.encode(SystemRandom.bytes(48))
        let challenge = Base64URL.encode(Digest.sha256(Array(verifier.utf8)))
        let redirect = "reachfive-\(clientId)://callback"
        let authorize = try http.send(
            "GET",
            "/oauth/authorize?client_id=\(clientId)&response_type=code&redirect_uri=\(redirect)&scope=openid&code_challenge=\(challenge)&code_challenge_method=S256&tkn=\(tkn)"
        )
        guard authorize.status == 302, let location = authorize.location,
            let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value
        else {
            throw BenchError(description: "authorize: \(authorize.status) \(authorize.location ?? "")")
        }
        let token = try http.send(
            "POST", "/oauth/token",
            json: .object([
                "client_id": .string(clientId), "grant_type": "authorization_code", "code": .string(code),
                "redirect_uri": .string(redirect),
                "code_verifier": .string(verifier),
            ]))
        guard token.status == 200, token.json["id_token"] != nil else { throw BenchError(description: "token: \(token.status)") }
    }
}

/// The facade login rate, or why it stopped.
/// Each worker thread's latencies, or the error that stopped it.
final class WorkerResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[Double], Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<[Double], Error>) { lock.withLock { results[i] = r } }
    func all() throws -> [[Double]] { try lock.withLock { try results.map { try ($0 ?? .success([])).get() } } }
}

/// `latchkey serve --in-memory --port 0` as a child of this process.
struct ServedChild {
    let process: Process
    let baseURL: String

    static func start() throws -> ServedChild {
        let config = NSTemporaryDirectory() + "latchkey-bench-\(getpid()).json"
        // Passkey logins never hash a password; the cheap cost only speeds up setup.
        try Data(#"{"password_hash_log_n": 10}"#.utf8).write(to: URL(fileURLWithPath: config))
        defer { try? FileManager.default.removeItem(atPath: config) }
        let process = Process()
        process.executableURL = OwnExecutable.url
        process.arguments = ["serve", "--in-memory", "--port", "0", "--config", config]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        var baseURL: String?
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("base-url ") { baseURL = String(line.dropFirst(9)) }
            if text.contains("\nready\n") { break }
        }
        guard let baseURL else {
            process.terminate()
            throw ServerBench.BenchError(description: "latchkey serve did not start")
        }
        return ServedChild(process: process, baseURL: baseURL)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
