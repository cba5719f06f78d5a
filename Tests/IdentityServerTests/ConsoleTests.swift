import Encoding
import Foundation
import TestSupport
import XCTest

@testable import IdentityServer

/// The emulator's web console over loopback: every page, escaping, the cross-site refusals of
/// its forms and pagination over 10,000 accounts and messages (headless Chromium: ConsoleChromiumTests).
final class ConsoleTests: XCTestCase {
    /// Console pages are HTML, outside the OpenAPI document: their requests go through a client
    /// that does not record exchanges for the document check.
    func pages(_ server: TestServer) -> HTTPClient { HTTPClient(baseURL: server.baseURL) }

    func signUp(_ server: TestServer, email: String, givenName: String) async throws -> String {
        let reply = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": "openid full_write",
                "data": .object(["email": .string(email), "password": "correct horse battery staple", "given_name": .string(givenName)]),
            ]))
        XCTAssertEqual(reply.status, 200)
        return try XCTUnwrap(server.env.store.account(where: .email, equals: email)).id
    }

    func csrf(_ html: String) throws -> String {
        let marker = #"name="csrf" value=""#
        let start = try XCTUnwrap(html.range(of: marker)).upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    func form(_ fields: [String: String]) -> [UInt8] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return Array(
            fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&").utf8)
    }

    func testEveryPageRendersEscapedWithAStrictPolicy() async throws {
        let server = try await TestServer.start()
        let id = try await signUp(server, email: "mallory@example.com", givenName: "<script>alert(1)</script>\u{1B}[2J\u{202E}gnp.exe")
        let identity = try await server.client.post(
            "/emulator/v1/providers/google/identities",
            .object(["email": "mallory@example.com", "name": "<script>alert(1)</script>\u{202E}gnp.exe"]))
        XCTAssertEqual(identity.status, 201)
        let http = pages(server)
        for (path, title) in [
            ("/", "Accounts"), ("/console/outbox", "Outbox"), ("/console/tokens", "Tokens"), ("/console/requests", "Requests"),
            ("/console/settings", "Settings"), ("/console/providers", "Providers"), ("/console/sessions", "Sessions"),
            ("/console/accounts/\(id)", "mallory@example.com"),
        ] {
            let reply = try await http.get(path)
            XCTAssertEqual(reply.status, 200, path)
            XCTAssertEqual(reply.header("Content-Type"), "text/html; charset=utf-8", path)
            XCTAssertTrue(reply.header("Content-Security-Policy")?.contains("script-src 'self'") ?? false, path)
            let html = String(decoding: reply.body, as: UTF8.self)
            XCTAssertTrue(html.contains("<title>\(title) · Latchkey identity emulator</title>"), path)
            XCTAssertFalse(html.contains("<script>alert"), path)
            XCTAssertFalse(html.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, path)
        }
        let accounts = String(decoding: try await http.get("/").body, as: UTF8.self)
        XCTAssertTrue(accounts.contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{1B}[2J\\u{202E}gnp.exe"))
        let value1 = try await http.get("/console/accounts/no-such-account").status
        XCTAssertEqual(value1, 404)
        let value2 = try await http.get("/console/console.js").header("Content-Type")
        XCTAssertEqual(value2, "text/javascript; charset=utf-8")
        // The console's own pages stay out of the API journal.
        let journal = try await server.client.get("/emulator/v1/requests?limit=1000")
        XCTAssertFalse(String(decoding: journal.body, as: UTF8.self).contains("/console/"))
        await server.stop()
    }

    func testFormsRefuseCrossSiteRequestsAndRequireTheToken() async throws {
        let server = try await TestServer.start()
        _ = try await signUp(server, email: "ada@example.com", givenName: "Ada")
        let http = pages(server)
        let token = try csrf(String(decoding: try await http.get("/").body, as: UTF8.self))
        let origin = server.baseURL
        let formType = "application/x-www-form-urlencoded"
        func reset(_ fields: [String: String], _ headers: [String: String]) async throws -> Int {
            try await http.send("POST", "/console/reset", body: form(fields), headers: ["Content-Type": formType].merging(headers) { $1 })
                .status
        }
        let value3 = try await reset([:], ["Origin": origin])
        XCTAssertEqual(value3, 403, "no token")
        let value4 = try await reset(["csrf": "wrong"], ["Origin": origin])
        XCTAssertEqual(value4, 403, "wrong token")
        let value5 = try await reset(["csrf": token], ["Origin": "http://evil.example"])
        XCTAssertEqual(value5, 403, "another origin")
        let value6 = try await reset(["csrf": token], ["Origin": "null"])
        XCTAssertEqual(value6, 403, "an opaque origin")
        let value7 = try await reset(["csrf": token], ["Sec-Fetch-Site": "cross-site"])
        XCTAssertEqual(value7, 403, "a cross-site fetch")
        let notForm = try await http.send(
            "POST", "/console/reset", body: Array(#"{"csrf":"x"}"#.utf8),
            headers: ["Content-Type": "application/json", "Origin": origin]
        ).status
        XCTAssertEqual(notForm, 400, "not a form")
        let repeated = try await http.send(
            "POST", "/console/reset", body: Array("csrf=\(token)&csrf=\(token)".utf8),
            headers: ["Content-Type": formType, "Origin": origin]
        ).status
        XCTAssertEqual(repeated, 400, "a repeated field")
        XCTAssertNotNil(try server.env.store.account(where: .email, equals: "ada@example.com"), "a refused form changed nothing")
        let value10 = try await http.get("/console/reset").status
        XCTAssertNotEqual(value10, 200, "state never changes on a GET")

        let done = try await http.send(
            "POST", "/console/reset", body: form(["csrf": token]), headers: ["Content-Type": formType, "Origin": origin])
        XCTAssertEqual(done.status, 303)
        XCTAssertEqual(done.header("Location"), "/")
        XCTAssertNil(try server.env.store.account(where: .email, equals: "ada@example.com"))
        await server.stop()
    }

    func testClockAccountAndPasskeyForms() async throws {
        let server = try await TestServer.start()
        let id = try await signUp(server, email: "bob@example.com", givenName: "Bob")
        let http = pages(server)
        let token = try csrf(String(decoding: try await http.get("/console/settings").body, as: UTF8.self))
        let headers = ["Content-Type": "application/x-www-form-urlencoded", "Origin": server.baseURL]
        let before = server.env.now
        let advanced = try await http.send(
            "POST", "/console/clock", body: form(["csrf": token, "advance_seconds": "90"]), headers: headers)
        XCTAssertEqual(advanced.status, 303)
        XCTAssertGreaterThanOrEqual(server.env.now - before, 90)
        let value11 = try await http.send("POST", "/console/clock", body: form(["csrf": token, "advance_seconds": "-5"]), headers: headers)
            .status
        XCTAssertEqual(value11, 400)
        let missing = try await http.send(
            "POST", "/console/accounts/\(id)/passkeys/delete", body: form(["csrf": token, "credential": "AAAA"]), headers: headers)
        XCTAssertEqual(missing.status, 404)
        let deleted = try await http.send("POST", "/console/accounts/\(id)/delete", body: form(["csrf": token]), headers: headers)
        XCTAssertEqual(deleted.status, 303)
        XCTAssertNil(try server.env.store.account(id: id))
        let value12 = try await http.send("POST", "/console/accounts/\(id)/delete", body: form(["csrf": token]), headers: headers).status
        XCTAssertEqual(value12, 404)
        await server.stop()
    }

    /// A pasted token's `exp` is whatever JSON holds (1e300, -1e300, 1.5): the page says it is no
    /// date, and the server lives on.
    func testTokensPageSurvivesAnyExp() async throws {
        let server = try await TestServer.start()
        let http = pages(server)
        let token = try csrf(String(decoding: try await http.get("/console/tokens").body, as: UTF8.self))
        let headers = ["Content-Type": "application/x-www-form-urlencoded", "Origin": server.baseURL]
        func b64(_ s: String) -> String {
            Data(s.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
        }
        for exp in ["1e300", "-1e300", "1.5", "9223372036854775807"] {
            let jwt = b64(#"{"alg":"ES256","kid":"k"}"#) + "." + b64(#"{"sub":"x","exp":\#(exp)}"#) + ".AAAA"
            let page = try await http.send("POST", "/console/tokens", body: form(["csrf": token, "token": jwt]), headers: headers)
            XCTAssertEqual(page.status, 200, exp)
            XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("exp is not a date in whole seconds"), exp)
        }
        let after = try await http.get("/console/tokens")
        XCTAssertEqual(after.status, 200)
        await server.stop()
    }

    /// 10,000 accounts and 10,000 messages: every page shows one page of 50, the totals are
    /// right, search finds one account among them. The render times are printed (this machine's
    /// figures go in the notes), never asserted.
    func testTenThousandAccountsAndMessagesArePaginated() async throws {
        let server = try await TestServer.start()
        let store = server.env.store
        try store.write { db in
            for i in 0..<10_000 {
                let email = String(format: "user-%05d@example.com", i)
                try store.save(
                    Account(
                        id: String(format: "acct%06d", i), email: email, webauthnUserId: Array(String(format: "%06d", i).utf8),
                        profile: ["given_name": .string("User \(i)")], createdAt: 1_700_000_000 + Int64(i), updatedAt: 1_700_000_000),
                    in: db)
                try store.appendOutbox(
                    channel: "email", recipient: email, subject: "Verify your email address", body: "Your code is \(i)",
                    code: String(format: "%06d", i), link: nil, at: 1_700_000_000_000 + Int64(i), in: db)
            }
        }
        let http = pages(server)
        var timings: [String] = []
        func page(_ path: String) async throws -> String {
            _ = try await http.get(path) // warm: the first request pays for connection setup
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await http.get(path)
            timings.append("\(path) \(String(format: "%.1f", (clock.now - start).seconds * 1000)) ms")
            XCTAssertEqual(reply.status, 200, path)
            return String(decoding: reply.body, as: UTF8.self)
        }
        let first = try await page("/")
        XCTAssertEqual(first.components(separatedBy: "<tr data-account=").count - 1, 50)
        XCTAssertTrue(first.contains("Page 1 of 200 (10000 in all)"))
        XCTAssertTrue(first.contains("user-09999@example.com"), "newest first")
        let last = try await page("/?page=199")
        XCTAssertTrue(last.contains("user-00000@example.com"))
        let search = try await page("/?q=USER-04242")
        XCTAssertEqual(search.components(separatedBy: "<tr data-account=").count - 1, 1)
        XCTAssertTrue(search.contains("user-04242@example.com"))
        let outbox = try await page("/console/outbox")
        XCTAssertEqual(outbox.components(separatedBy: #"<article class="card message""#).count - 1, 50)
        XCTAssertTrue(outbox.contains("Page 1 of 200 (10000 in all)"))
        let value13 = try await page("/console/outbox?page=199").contains(">000000<")
        XCTAssertTrue(value13)
        _ = try await page("/console/accounts/acct005000")
        _ = try await page("/console/requests")
        _ = try await page("/console/settings")
        _ = try await page("/console/tokens")
        print("console render times with 10,000 accounts and 10,000 messages: " + timings.joined(separator: ", "))
        await server.stop()
    }

    /// Whatever a user or an RP puts in a name, the console's text shows no character that
    /// could hide, recolour or reorder what is next to it.
    func testVisibleTextHasNoInvisibleOrReorderingCharacters() {
        var rng = SplitMix64(seed: 0x5EED)
        let hazards: Set<UInt32> = Set(
            Array(0...0x1F) + Array(0x7F...0x9F) + [
                0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF,
            ])
        let pool: [UInt32] = Array(hazards) + [0x41, 0x3C, 0x26, 0x22, 0xE9, 0x4E2D, 0x1F600, 0x2400, 0x5C]
        for _ in 0..<5_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 40) { s.append(Unicode.Scalar(pool[Int(rng.next() % UInt64(pool.count))])!) }
            let input = String(s)
            let shown = ConsoleText.visible(input)
            XCTAssertFalse(shown.unicodeScalars.contains { hazards.contains($0.value) }, input.debugDescription)
            let lines = ConsoleText.visible(input, keepingLineBreaks: true)
            XCTAssertFalse(lines.unicodeScalars.contains { hazards.contains($0.value) && $0.value != 0x0A }, input.debugDescription)
            XCTAssertEqual(lines.filter { $0 == "\n" }.count, input.unicodeScalars.filter { $0 == "\n" }.count)
        }
        XCTAssertEqual(ConsoleText.visible("a\u{1B}[31mb"), "a\\u{1B}[31mb")
        XCTAssertEqual(ConsoleText.visible(nil as String?), "")
        XCTAssertEqual(ConsoleText.visible("line\nnext" as String?), "line\\u{A}next")
    }

    /// A form's GET sends spaces as `+`; a name may hold `"` (stored as `\"` in the profile's
    /// JSON); a member name such as `given_name` is not a value to find.
    func testSearchReadsTheFormEncodingAndMatchesProfileValues() async throws {
        let server = try await TestServer.start()
        _ = try await signUp(server, email: "obrien@example.com", givenName: #"Conan "Coco" O'Brien"#)
        _ = try await signUp(server, email: "other@example.com", givenName: "Someone Else")
        let http = pages(server)
        func hits(_ query: String) async throws -> Int {
            let html = String(decoding: try await http.get("/?q=" + query).body, as: UTF8.self)
            return html.components(separatedBy: "<tr data-account=").count - 1
        }
        let spaced = try await hits("Conan+%22Coco%22")
        XCTAssertEqual(spaced, 1, "+ is a space, %22 a quote")
        let quoted = try await hits("%22coco%22+o%27brien")
        XCTAssertEqual(quoted, 1)
        let memberName = try await hits("given_name")
        XCTAssertEqual(memberName, 0, "member names are not searched")
        let plus = try await hits("a%2Bb")
        XCTAssertEqual(plus, 0, "an encoded + is a plus")
        let page = String(decoding: try await http.get("/?q=Conan+Coco").body, as: UTF8.self)
        XCTAssertTrue(page.contains(#"value="Conan Coco""#), "the box shows what was typed")
        let requests = try await http.get("/console/requests?path=%2Fidentity%2Fv1+&status=2xx")
        XCTAssertEqual(requests.status, 200)
        XCTAssertTrue(String(decoding: requests.body, as: UTF8.self).contains(#"value="/identity/v1 ""#))
        await server.stop()
    }

    /// Without the emulator API, `/` is a page that says how to turn the console on (it was a
    /// JSON 404); the icon a browser asks for is served either way and never journaled.
    func testRootSaysHowToTurnTheConsoleOnAndTheIconIsServed() async throws {
        let off = try await TestServer.start(TestServer.configuration { $0.emulatorAPI = false })
        let http = pages(off)
        let root = try await http.get("/")
        XCTAssertEqual(root.status, 200)
        XCTAssertEqual(root.header("Content-Type"), "text/html; charset=utf-8")
        let text = String(decoding: root.body, as: UTF8.self)
        XCTAssertTrue(text.contains("--emulator-api") && text.contains("emulator_api"), text)
        let css = try await http.get("/console/console.css")
        XCTAssertEqual(css.status, 200, "the page is styled")
        let console = try await http.get("/console/outbox")
        XCTAssertEqual(console.status, 404, "the console itself stays off")
        let emulator = try await http.get("/emulator/v1/outbox")
        XCTAssertEqual(emulator.status, 404)
        await off.stop()

        for emulatorAPI in [false, true] {
            let server = try await TestServer.start(TestServer.configuration { $0.emulatorAPI = emulatorAPI })
            let icon = try await pages(server).get("/favicon.ico")
            XCTAssertEqual(icon.status, 200)
            XCTAssertEqual(icon.header("Content-Type"), "image/x-icon")
            XCTAssertEqual(Array(icon.body.prefix(4)), [0, 0, 1, 0], "an ICO header")
            XCTAssertEqual(icon.body.count, PackageResources.favicon_ico.count)
            XCTAssertFalse(server.env.journal.last(RequestJournal.capacity).contains { $0.path == "/favicon.ico" })
            await server.stop()
        }
    }
}
