import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// Finding 3: every `redirect_url` the server put in an email was taken as given, so the live
/// code travelled to any site (`javascript:`, `data:`, `//host`, `ftp:`, a CRLF). Now each
/// emailed-link route refuses a URL that is not one of the client's allowed callback URLs
/// (CallbackRule), before it sends anything, and the allowed ones still work.
final class CallbackRuleTests: XCTestCase {
    static let refused = [
        "javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "//evil.example/steal",
        "ftp://evil.example/steal", "https://evil.example/reset", "reachfive-latchkey-local://callback\r\nSet-Cookie: a=b",
        "reachfive-latchkey-local://callback\nx", "reachfive-latchkey-local://callback/../x", " reachfive-latchkey-local://callback",
    ]

    /// Each route that emails a link, as a request with `url` for its redirect.
    private func routes(_ server: TestServer, access: String) -> [(String, (String) async throws -> HTTPClient.Reply)] {
        let client = server.client
        let clientId = JSONValue.string(server.clientId)
        return [
            (
                "forgot-password",
                {
                    try await client.post(
                        "/identity/v1/forgot-password",
                        .object(["client_id": clientId, "email": "ada@example.com", "redirect_url": .string($0)]))
                }
            ),
            (
                "forgot-password (unknown address)",
                {
                    try await client.post(
                        "/identity/v1/forgot-password",
                        .object(["client_id": clientId, "email": "nobody@example.com", "redirect_url": .string($0)]))
                }
            ),
            (
                "account-recovery",
                {
                    try await client.post(
                        "/identity/v1/account-recovery",
                        .object(["client_id": clientId, "email": "ada@example.com", "redirect_url": .string($0)]))
                }
            ),
            (
                "signup-token",
                {
                    try await client.post(
                        "/identity/v1/signup-token",
                        .object([
                            "client_id": clientId, "redirect_url": .string($0),
                            "data": .object(["email": "new@example.com", "password": "correct horse battery staple"]),
                        ]))
                }
            ),
            (
                "send-email-verification",
                { try await client.post("/identity/v1/send-email-verification", .object(["redirect_url": .string($0)]), token: access) }
            ),
            (
                "update-email",
                {
                    try await client.post(
                        "/identity/v1/update-email", .object(["email": "ada.new@example.com", "redirect_url": .string($0)]), token: access)
                }
            ),
            (
                "mfa email",
                { try await client.post("/identity/v1/mfa/credentials/emails", .object(["redirect_url": .string($0)]), token: access) }
            ),
            (
                "passwordless/start",
                {
                    try await client.post(
                        "/identity/v1/passwordless/start",
                        .object([
                            "client_id": clientId, "email": "ada@example.com", "auth_type": "magic_link", "response_type": "code",
                            "redirect_uri": .string($0), "code_challenge": .string(TestServer.pkce().challenge),
                            "code_challenge_method": "S256",
                        ]))
                }
            ),
        ]
    }

    func testEveryEmailedLinkRouteRefusesAnUnregisteredURL() async throws {
        let server = try await TestServer.start()
        let access = try unwrap(try await server.login(email: "ada@example.com")["access_token"]?.stringValue)
        let before = try await server.emulator.outbox().count
        for (name, send) in routes(server, access: access) {
            for url in Self.refused {
                let reply = try await send(url)
                XCTAssertEqual(reply.status, 400, "\(name) took \(url.debugDescription)")
                XCTAssertEqual(reply.json["error"], "invalid_request", name)
                XCTAssertEqual(reply.json["error_details"].map { "\($0)" }?.contains("redirect_ur"), true, name)
            }
        }
        try await assertEqualAsync(try await server.emulator.outbox().count, before, "a refused request sent nothing")
        XCTAssertNil(try server.env.store.account(where: .email, equals: "new@example.com"), "a refused signup created nothing")
        await server.stop()
    }

    /// The allowed callback URLs still work, and the link the email carries starts with them.
    func testAnAllowedCallbackURLIsTaken() async throws {
        let server = try await TestServer.start(
            TestServer.configuration {
                $0.allowedCallbackURLs = $0.callbackURLs + ["https://app.example/account"]
                $0.limits.codesPerIdentifier = 100
            })
        let access = try unwrap(try await server.login(email: "ada@example.com")["access_token"]?.stringValue)
        for (name, send) in routes(server, access: access) where !name.contains("passwordless") {
            let reply = try await send("https://app.example/account")
            XCTAssertTrue([200, 204].contains(reply.status), "\(name): \(String(decoding: reply.body, as: UTF8.self))")
        }
        let links = try await server.emulator.outbox().compactMap(\.link)
        // A link the server finishes (email verification) names the URL it redirects to.
        let toAccount = links.filter { link in
            link.hasPrefix("https://app.example/account?")
                || URLComponents(string: link)?.queryItems?.contains {
                    $0.name == "redirect_url" && $0.value == "https://app.example/account"
                }
                    == true
        }
        XCTAssertGreaterThanOrEqual(toAccount.count, 4, "\(links)")
        await server.stop()
    }

    /// The MFA link's redirect is checked again when the link is opened: a link made before a
    /// URL was unregistered does not send the browser there.
    func testTheMfaLinkRedirectsOnlyToAnAllowedURL() async throws {
        let store = try IdentityStore.inMemory()
        let first = try await TestServer.start(
            TestServer.configuration { $0.allowedCallbackURLs = $0.callbackURLs + ["https://old.example/mfa"] }, store: store)
        let access = try unwrap(try await first.login(email: "ada@example.com")["access_token"]?.stringValue)
        let start = try await first.client.post(
            "/identity/v1/mfa/credentials/emails", .object(["redirect_url": "https://old.example/mfa"]), token: access)
        XCTAssertEqual(start.json["status"], "email_sent")
        let link = try unwrap(try await first.outbox(to: "ada@example.com").last?.link)
        await first.stop()
        let second = try await TestServer.start(TestServer.configuration(), store: store)
        let opened = try await second.client.get(String(link.dropFirst(first.baseURL.count)))
        XCTAssertEqual(opened.status, 400)
        XCTAssertNil(opened.header("Location"))
        await second.stop()
    }
}
