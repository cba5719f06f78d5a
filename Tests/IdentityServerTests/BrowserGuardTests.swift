import Encoding
import Foundation
import TestSupport
import XCTest

@testable import IdentityServer

/// BrowserGuard over raw sockets (URLSession would normalize the paths and set Host itself):
/// every spelling of an emulator route refuses a cross-site state change, and a request that
/// names the server by a host that is not its own (DNS rebinding) is refused on every route.
final class BrowserGuardTests: XCTestCase {
    var server: TestServer!
    var port: Int { URLComponents(string: server.baseURL)!.port! }
    var own: String { "127.0.0.1:\(port)" }

    override func setUp() async throws {
        server = try await TestServer.start(TestServer.configuration { $0.allowedHosts = ["devbox.lan", "proxy.test:8443"] })
    }
    override func tearDown() async throws { await server.stop() }

    func send(
        _ method: String, _ target: String, host: String?, origin: String? = nil, extra: [(String, String)] = [],
        body: String = "", version: String = "HTTP/1.1"
    ) throws -> RawHTTP.Reply {
        var headers: [(String, String)] = []
        if let host { headers.append(("Host", host)) }
        if let origin { headers.append(("Origin", origin)) }
        return try RawHTTP.send(port: port, method, target, headers: headers + extra, body: body, version: version)
    }

    /// Every spelling the router could take to an emulator route, and the lenient ones it does
    /// not take today: none of them lets another origin change the clock, the accounts or the
    /// faults. The spellings the router does route are refused with 403 `cross_site_request`
    /// (`//emulator/v1/…` used to reach the handler: the guard tested the raw path's prefix).
    func testNoPathSpellingLetsAnotherOriginChangeEmulatorState() throws {
        let routed = [
            "//emulator/v1/{r}", "///emulator/v1/{r}", "/emulator//v1/{r}", "/emulator/v1//{r}", "/emulator/v1/{r}/",
            "//emulator//v1//{r}//", "/emulator/v1/{r}?x=1", "http://127.0.0.1:{port}//emulator/v1/{r}",
        ]
        let lenient = [
            "/./emulator/v1/{r}", "/%2e/emulator/v1/{r}", "/%2Femulator/v1/{r}", "/%2femulator%2fv1%2f{r}", "/emulator%2Fv1/{r}",
            "/emulator/v1/../v1/{r}", "/x/../emulator/v1/{r}", "/EMULATOR/v1/{r}", "/Emulator/V1/{R}", "/emulator./v1/{r}",
            "/emulator/v1/{r}.", "/%65mulator/v1/{r}", "/%2565mulator/v1/{r}", "/emulator\\v1\\{r}", "emulator/v1/{r}",
            "/emulator/v1/{r};x", "/emulator/v1/{r}%00", "/emulator/v1/{r}%20",
        ]
        let changes: [(method: String, route: String, body: String)] = [
            ("POST", "clock", #"{"advance_seconds": 3600}"#),
            ("POST", "accounts", #"{"email": "planted@example.com", "password": "known", "email_verified": true}"#),
            ("POST", "faults", #"{"path": "/oauth/token", "status": 500}"#),
            ("DELETE", "accounts", ""),
            ("DELETE", "outbox", ""),
        ]
        assertStatus(try awaitSignup("kept@example.com"), 200)
        let outboxBefore = try server.env.store.outbox(recipient: nil, channel: nil, sinceMilliseconds: nil).count
        for spelling in routed + lenient {
            for change in changes {
                let target = spelling.replacingOccurrences(of: "{port}", with: String(port))
                    .replacingOccurrences(of: "{r}", with: change.route).replacingOccurrences(of: "{R}", with: change.route.capitalized)
                for origin in ["http://evil.example", "null", "http://127.0.0.1:1", "http://localhost.evil.example:\(port)"] {
                    let reply = try send(
                        change.method, target, host: own, origin: origin, extra: [("Content-Type", "text/plain")], body: change.body)
                    if routed.contains(spelling) {
                        XCTAssertEqual(reply.status, 403, "\(change.method) \(target) from \(origin): \(reply.body)")
                        XCTAssertTrue(reply.body.contains("cross_site_request"), "\(change.method) \(target): \(reply.body)")
                    } else {
                        XCTAssertTrue(
                            [400, 403, 404].contains(reply.status),
                            "\(change.method) \(target) from \(origin): \(reply.status) \(reply.body)")
                    }
                }
                let fetch = try send(
                    change.method, target, host: own, extra: [("Sec-Fetch-Site", "cross-site"), ("Content-Type", "text/plain")],
                    body: change.body)
                XCTAssertNotEqual(fetch.status / 100, 2, "\(change.method) \(target) marked cross-site: \(fetch.body)")
            }
        }
        XCTAssertEqual(server.env.clock.advancedBy, 0, "the clock did not move")
        XCTAssertNil(try server.env.store.account(where: .email, equals: "planted@example.com"), "no account was planted")
        XCTAssertNotNil(try server.env.store.account(where: .email, equals: "kept@example.com"), "no account was deleted")
        XCTAssertEqual(server.env.faults.pending(), [], "no fault was planted")
        XCTAssertEqual(
            try server.env.store.outbox(recipient: nil, channel: nil, sinceMilliseconds: nil).count, outboxBefore,
            "the outbox was not cleared")

        // The same spellings from the server's own pages (or from curl) still work: the rule
        // is about who asks, not how the path is spelled.
        let mine = try send(
            "POST", "//emulator/v1/clock/", host: own, origin: "http://localhost:\(port)",
            extra: [("Content-Type", "application/json")], body: #"{"advance_seconds": 60}"#)
        XCTAssertEqual(mine.status, 200, mine.body)
        let curl = try send(
            "POST", "/emulator//v1/clock", host: own, extra: [("Content-Type", "application/json")], body: #"{"advance_seconds": 60}"#)
        XCTAssertEqual(curl.status, 200, curl.body)
        XCTAssertEqual(server.env.clock.advancedBy, 120)
    }

    /// A planned fault and the request journal name the route the router matched, whatever the
    /// spelling: `//oauth/token` meets the fault planned for `/oauth/token`.
    func testFaultsAndJournalUseTheRoutedPath() throws {
        assertStatus(try awaitPost("/emulator/v1/faults", #"{"path": "/oauth/token", "status": 503, "count": 1}"#), 201)
        let faulted = try send("POST", "//oauth//token", host: own, extra: [("Content-Type", "application/json")], body: "{}")
        XCTAssertEqual(faulted.status, 503, faulted.body)
        let journal = server.env.journal.last(1)
        XCTAssertEqual(journal.first?.path, "/oauth/token")
        _ = try send("GET", "//console/settings", host: own)
        XCTAssertEqual(server.env.journal.last(1).first?.path, "/oauth/token", "console pages stay out of the journal, however spelled")
    }

    /// DNS rebinding: the request reaches 127.0.0.1 but names another host. Refused on every
    /// route (console pages, the emulator API, the identity API), however the page asks; the
    /// server's own names, at its port, and the configured extra hosts are served.
    func testAHostThatIsNotTheServersIsRefusedEverywhere() throws {
        let paths = [
            "/", "/console/outbox", "/console/tokens", "/emulator/v1/outbox", "/emulator/v1/accounts", "/emulator/v1/requests",
            "/identity/v1/config?client_id=latchkey-local", "/.well-known/openid-configuration", "//emulator/v1/outbox",
        ]
        let foreign = [
            "rebound.test:\(port)", "rebound.test", "localhost:\(port + 1 == 65536 ? 1 : port + 1)", "127.0.0.1", "127.0.0.2:\(port)",
            "127.0.0.1.nip.io:\(port)", "localhost.rebound.test:\(port)", "devbox.lan.evil:\(port)", "proxy.test:\(port)",
            "127.0.0.1:\(port)@rebound.test", "[::2]:\(port)", "", "0x7f000001:\(port)",
        ]
        for path in paths {
            for host in foreign {
                let reply = try send("GET", path, host: host)
                XCTAssertEqual(reply.status, 403, "GET \(path) Host: \(host) → \(reply.status)")
                XCTAssertTrue(reply.body.contains("invalid_host"), "GET \(path) Host: \(host): \(reply.body)")
                XCTAssertFalse(reply.body.contains("csrf"), "no console page leaks")
            }
            let noHost = try send("GET", path, host: nil, version: "HTTP/1.0")
            XCTAssertEqual(noHost.status, 403, "GET \(path) without Host")
        }
        for host in [
            own, "localhost:\(port)", "LOCALHOST:\(port)", "localhost.:\(port)", "[::1]:\(port)", "devbox.lan", "devbox.lan:\(port)",
            "DevBox.LAN:8080", "proxy.test:8443",
        ] {
            let reply = try send("GET", "/emulator/v1/clock", host: host)
            XCTAssertEqual(reply.status, 200, "Host: \(host): \(reply.body)")
        }
        // A rebound page's same-origin POST (Origin equal to its Host) was taken as the
        // console's own; now the Host alone refuses it, and nothing is reset.
        let html = try send("GET", "/", host: own).body
        let token = try XCTUnwrap(html.range(of: #"name="csrf" value=""#).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
        assertStatus(try awaitSignup("stays@example.com"), 200)
        let rebound = "rebound.test:\(port)"
        let reset = try send(
            "POST", "/console/reset", host: rebound, origin: "http://\(rebound)",
            extra: [("Content-Type", "application/x-www-form-urlencoded")], body: "csrf=\(token)")
        XCTAssertEqual(reset.status, 403)
        let clear = try send("DELETE", "/emulator/v1/accounts", host: rebound, origin: "http://\(rebound)")
        XCTAssertEqual(clear.status, 403)
        XCTAssertNotNil(try server.env.store.account(where: .email, equals: "stays@example.com"))
    }

    /// A console form is the console's own when its Origin is one of the server's origins (the
    /// page may be open as localhost or 127.0.0.1), not when it merely equals the Host.
    func testConsoleFormsCompareOriginWithTheServersOwnOrigins() throws {
        let html = try send("GET", "/console/settings", host: own).body
        let token = try XCTUnwrap(html.range(of: #"name="csrf" value=""#).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        for origin in [
            "http://127.0.0.1:1", "http://evil.example", "https://127.0.0.1:\(port).evil.example", "http://127.0.0.1:\(port)/x", "null",
            "http://devbox.lan.evil",
        ] {
            let reply = try send("POST", "/console/clock", host: own, origin: origin, extra: form, body: "csrf=\(token)&advance_seconds=60")
            XCTAssertEqual(reply.status, 403, origin)
        }
        XCTAssertEqual(server.env.clock.advancedBy, 0)
        for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://devbox.lan:8080", "https://proxy.test:8443"] {
            let reply = try send("POST", "/console/clock", host: own, origin: origin, extra: form, body: "csrf=\(token)&advance_seconds=60")
            XCTAssertEqual(reply.status, 303, "\(origin): \(reply.body)")
        }
        XCTAssertEqual(server.env.clock.advancedBy, 240)
    }

    func testAllowedHostsConfiguration() throws {
        let config = try ServerConfiguration(
            jsonFile: Array(#"{"allowed_hosts": ["devbox.lan", "Proxy.Test:8443", "[fd00::1]:80", "10.0.0.5"]}"#.utf8))
        XCTAssertEqual(config.allowedHosts.count, 4)
        for bad in [
            "http://devbox.lan", "devbox.lan/x", "user@devbox.lan", "devbox.lan:0", "devbox.lan:99999", "dev box", "", "devbox.lan:+80",
        ] {
            XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"allowed_hosts": ["\#(bad)"]}"#.utf8)), bad)
        }
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"allowed_hosts": "devbox.lan"}"#.utf8)))
        let names = ServerNames(baseURL: "http://[::1]:8975", allowedHosts: [])
        XCTAssertTrue(names.allows(authority: "[::1]:8975"))
        XCTAssertTrue(names.isOwn(origin: "http://[::1]:8975"))
        XCTAssertFalse(names.allows(authority: "[::1]:8976"))
    }

    /// `latchkey serve --host 0.0.0.0 --allow-host NAME`: listens on every interface, prints a
    /// base URL a client can use, answers to NAME, and still refuses any other name.
    func testServeOnEveryInterfaceAnswersToAnAllowedLANName() async throws {
        let lan = try await ServeProcess.start(["--in-memory", "--emulator-api", "--host", "0.0.0.0", "--allow-host", "devbox.lan"])
        defer { lan.stop() }
        XCTAssertTrue(lan.baseURL.hasPrefix("http://127.0.0.1:"), lan.baseURL)
        let lanPort = try XCTUnwrap(URLComponents(string: lan.baseURL)?.port)
        let named = try RawHTTP.send(port: lanPort, "GET", "/emulator/v1/clock", headers: [("Host", "devbox.lan:\(lanPort)")])
        XCTAssertEqual(named.status, 200, named.body)
        let loopback = try RawHTTP.send(port: lanPort, "GET", "/", headers: [("Host", "127.0.0.1:\(lanPort)")])
        XCTAssertEqual(loopback.status, 200)
        let other = try RawHTTP.send(port: lanPort, "GET", "/emulator/v1/clock", headers: [("Host", "rebound.test:\(lanPort)")])
        XCTAssertEqual(other.status, 403, other.body)
        // On the network, the emulated providers (anyone could sign in through them) are off unless named.
        let providers = try RawHTTP.send(port: lanPort, "GET", "/emulator/v1/providers", headers: [("Host", "devbox.lan:\(lanPort)")])
        XCTAssertEqual(providers.status, 200, providers.body)
        XCTAssertTrue(providers.body.contains(#""items":[]"#), providers.body)
    }

    // The synchronous tests drive the server through URLSession for setup.
    private func awaitSignup(_ email: String) throws -> HTTPClient.Reply {
        try blocking { [server] in try await server!.signup(email: email) }
    }

    private func awaitPost(_ path: String, _ json: String) throws -> HTTPClient.Reply {
        try blocking { [server] in
            try await server!.client.send("POST", path, body: Array(json.utf8), headers: ["Content-Type": "application/json"])
        }
    }

    private func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.result = await Result(catching: { try await work() })
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

private final class ResultBox<T>: @unchecked Sendable { var result: Result<T, Error>? }

extension Result where Failure == Error {
    fileprivate init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
