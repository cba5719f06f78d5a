import Encoding
import Foundation
import XCTest

/// A social login through an emulated provider, step by step as a browser takes it (one
/// `HTTPClient`, so one cookie jar): `/oauth/authorize?provider=`, the provider's page, the
/// person's choice posted from it, the callback, and the client's code.
struct ProviderFlows {
    let server: TestServer

    struct Started {
        var providerAuthorize: URLComponents
        var pkce: (verifier: String, challenge: String)
        var state: String
    }

    /// `/oauth/authorize?provider=NAME`: must send the browser to the provider's authorize page.
    func start(
        _ provider: String, client: HTTPClient? = nil, scope: String = TestServer.allScopes, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> Started {
        let pkce = TestServer.pkce()
        let state = "client-state-\(UUID().uuidString.prefix(8))"
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: server.clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: server.callback), .init(name: "scope", value: scope),
            .init(name: "code_challenge", value: pkce.challenge), .init(name: "code_challenge_method", value: "S256"),
            .init(name: "provider", value: provider), .init(name: "state", value: state), .init(name: "nonce", value: "client-nonce"),
        ]
        let reply = try await (client ?? server.client).get("/oauth/authorize?" + (c.percentEncodedQuery ?? ""))
        XCTAssertEqual(reply.status, 302, String(decoding: reply.body, as: UTF8.self), file: file, line: line)
        let location = try XCTUnwrap(reply.location, file: file, line: line)
        XCTAssertEqual(location.path, "/providers/\(provider)/authorize", file: file, line: line)
        XCTAssertTrue(reply.header("Set-Cookie")?.hasPrefix("r5_provider_login=") == true, file: file, line: line)
        return Started(providerAuthorize: location, pkce: pkce, state: state)
    }

    /// The person's act on the provider's page, posted from it: the provider's 303 Location.
    func choose(
        _ started: Started, provider: String, fields: [String: String], client: HTTPClient? = nil, origin: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> HTTPClient.Reply {
        var form = Dictionary((started.providerAuthorize.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { $1 }
        form.merge(fields) { $1 }
        var body = URLComponents()
        body.queryItems = form.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return try await (client ?? server.client).send(
            "POST", "/providers/\(provider)/authorize", body: Array(encoded.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? server.baseURL])
    }

    /// Follows the provider's redirect to this server's callback: the client's redirect.
    func callback(_ providerAnswer: HTTPClient.Reply, client: HTTPClient? = nil, file: StaticString = #filePath, line: UInt = #line)
        async throws -> HTTPClient.Reply
    {
        XCTAssertEqual(providerAnswer.status, 303, String(decoding: providerAnswer.body, as: UTF8.self), file: file, line: line)
        let location = try XCTUnwrap(providerAnswer.location, file: file, line: line)
        XCTAssertEqual(location.path, "/identity/v1/oauth/callback", file: file, line: line)
        return try await (client ?? server.client).get(location.path + "?" + (location.percentEncodedQuery ?? ""))
    }

    /// The whole login as `email` (added on the page, verified or not): the token response.
    func login(_ provider: String, email: String, verified: Bool = true, file: StaticString = #filePath, line: UInt = #line)
        async throws -> JSONValue
    {
        let started = try await start(provider, file: file, line: line)
        var fields = ["email": email]
        if verified { fields["email_verified"] = "true" }
        let answer = try await choose(started, provider: provider, fields: fields, file: file, line: line)
        let back = try await callback(answer, file: file, line: line)
        XCTAssertEqual(back.status, 302, file: file, line: line)
        XCTAssertEqual(back.query("state"), started.state, file: file, line: line)
        let code = try XCTUnwrap(back.query("code"), "no code in \(back.header("Location") ?? "-")", file: file, line: line)
        let token = try await server.token(code: code, verifier: started.pkce.verifier)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self), file: file, line: line)
        return token.json
    }

    /// The `sub` of a token response's ID token (its account id).
    static func subject(of tokens: JSONValue) throws -> String {
        let idToken = try XCTUnwrap(tokens["id_token"]?.stringValue)
        let payload = try XCTUnwrap(Base64URL.decode(String(idToken.split(separator: ".")[1])))
        return try XCTUnwrap(try StrictJSON.parse(payload, maxDepth: 8)["sub"]?.stringValue)
    }
}

extension JSONValue {
    /// The elements of an array, nil for anything else.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
