import Encoding
import Foundation
import XCTest

/// A web login on the hosted login page, step by step as a browser takes it (one `HTTPClient`,
/// so one cookie jar): `/oauth/authorize` without a login, the page, its password form posted
/// from it, and the client's code.
struct HostedLoginFlows {
    let server: TestServer

    struct Request {
        var pkce: (verifier: String, challenge: String)
        var state: String
        /// `/oauth/authorize`'s query.
        var query: String
    }

    func request(prompt: String? = nil, redirectURI: String? = nil) -> Request {
        let pkce = TestServer.pkce()
        let state = "client-state-\(UUID().uuidString.prefix(8))"
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: server.clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: redirectURI ?? server.callback), .init(name: "scope", value: TestServer.allScopes),
            .init(name: "code_challenge", value: pkce.challenge), .init(name: "code_challenge_method", value: "S256"),
            .init(name: "state", value: state), .init(name: "nonce", value: "client-nonce"),
        ]
        if let prompt { c.queryItems!.append(.init(name: "prompt", value: prompt)) }
        return Request(pkce: pkce, state: state, query: c.percentEncodedQuery ?? "")
    }

    /// `/oauth/authorize` from `client`'s browser.
    func authorize(_ request: Request, client: HTTPClient) async throws -> HTTPClient.Reply {
        try await client.get("/oauth/authorize?" + request.query)
    }

    /// The hosted page `authorize` sent the browser to: its HTML and the form's hidden fields.
    func page(at location: URLComponents, client: HTTPClient, file: StaticString = #filePath, line: UInt = #line) async throws
        -> (html: String, fields: [String: String])
    {
        XCTAssertEqual(location.path, "/login", file: file, line: line)
        let reply = try await client.get(location.path + "?" + (location.percentEncodedQuery ?? ""))
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self), file: file, line: line)
        let html = String(decoding: reply.body, as: UTF8.self)
        return (html, Self.hiddenFields(html))
    }

    /// `<input type="hidden" name=… value=…>` of the page (the template writes them on one line each).
    static func hiddenFields(_ html: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in html.split(separator: "\n") where line.hasPrefix("<input type=\"hidden\"") {
            func attribute(_ name: String) -> String? {
                guard let start = line.range(of: "\(name)=\"") else { return nil }
                let rest = line[start.upperBound...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&#x2F;", with: "/") }
            }
            if let name = attribute("name"), let value = attribute("value") { out[name] = Self.unescape(value) }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The page's form posted with `fields` added, from `origin` (the server's own by default).
    func submit(
        _ fields: [String: String], adding extra: [String: String], client: HTTPClient, origin: String? = nil,
        headers: [String: String] = [:], path: String = "/login"
    ) async throws -> HTTPClient.Reply {
        var body = URLComponents()
        body.queryItems = fields.merging(extra) { $1 }.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var h = ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? server.baseURL]
        h.merge(headers) { $1 }
        return try await client.send("POST", path, body: Array(encoded.utf8), headers: h)
    }

    /// A whole web login with a password from `client`'s browser: the code's token response.
    func login(
        email: String, password: String = "correct horse battery staple", client: HTTPClient, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> JSONValue {
        let request = request()
        let sent = try await authorize(request, client: client)
        XCTAssertEqual(sent.status, 302, file: file, line: line)
        let page = try await page(at: try XCTUnwrap(sent.location, file: file, line: line), client: client, file: file, line: line)
        let answer = try await submit(page.fields, adding: ["identifier": email, "password": password], client: client)
        XCTAssertEqual(answer.status, 303, String(decoding: answer.body, as: UTF8.self), file: file, line: line)
        return try await redeem(answer, request, file: file, line: line)
    }

    /// The code of a redirect to the client, exchanged: the token response.
    func redeem(_ reply: HTTPClient.Reply, _ request: Request, file: StaticString = #filePath, line: UInt = #line) async throws
        -> JSONValue
    {
        XCTAssertEqual(reply.query("state"), request.state, file: file, line: line)
        let code = try XCTUnwrap(reply.query("code"), "no code in \(reply.header("Location") ?? "-")", file: file, line: line)
        let token = try await server.token(code: code, verifier: request.pkce.verifier)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self), file: file, line: line)
        return token.json
    }
}
