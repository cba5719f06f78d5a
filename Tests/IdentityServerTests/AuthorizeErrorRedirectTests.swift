import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// `/oauth/authorize` errors as the iOS SDK reads them: the callback's query gives
/// `ApiError(fromQueryParams:)` (11.0.0 `ReachFiveError.swift`) its `error`, `error_id`,
/// `error_user_msg`, `error_message_key` and `error_description` (the SDK reads a `+` in the
/// last two as a space; spaces are sent as `%20` and a `+` as `%2B`, which OAuth clients read
/// as sent).
final class AuthorizeErrorRedirectTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    /// The five members as the SDK's `ApiError(fromQueryParams:)` builds them.
    struct SDKReading: Equatable {
        var error, errorId, errorUserMsg, errorMessageKey, errorDescription: String?

        init(_ reply: HTTPClient.Reply) {
            let items = reply.location?.queryItems ?? []
            func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
            error = value("error")
            errorId = value("error_id")
            errorUserMsg = value("error_user_msg")?.replacingOccurrences(of: "+", with: " ")
            errorMessageKey = value("error_message_key")
            errorDescription = value("error_description")?.replacingOccurrences(of: "+", with: " ")
        }
    }

    func authorize(_ parameters: [String: String], language: String? = nil) async throws -> HTTPClient.Reply {
        var c = URLComponents()
        c.queryItems = [
            .init(name: "client_id", value: server.clientId), .init(name: "response_type", value: "code"),
            .init(name: "redirect_uri", value: server.callback), .init(name: "scope", value: "openid"),
            .init(name: "code_challenge", value: TestServer.pkce().challenge), .init(name: "code_challenge_method", value: "S256"),
        ]
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            c.queryItems?.removeAll { $0.name == name }
            c.queryItems?.append(.init(name: name, value: value))
        }
        let query = (c.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return try await server.client.get("/oauth/authorize?" + query, headers: language.map { ["Accept-Language": $0] } ?? [:])
    }

    func testABadTknRedirectsWithEveryMemberTheSDKReads() async throws {
        let reply = try await authorize(["tkn": "not-a-tkn", "state": "s1"])
        XCTAssertEqual(reply.status, 302)
        XCTAssertTrue(reply.header("Location")?.hasPrefix(server.callback + "?") ?? false, reply.header("Location") ?? "")
        let read = SDKReading(reply)
        XCTAssertEqual(read.error, "access_denied")
        XCTAssertEqual(read.errorMessageKey, MessageKey.invalidGrant.rawValue)
        XCTAssertEqual(read.errorUserMsg, MessageKey.invalidGrant.english)
        XCTAssertEqual(read.errorDescription, "The tkn is unknown, used or expired")
        XCTAssertEqual(read.errorId?.isEmpty, false)
        XCTAssertNil(reply.query("code"))
        XCTAssertEqual(reply.query("state"), "s1")
        XCTAssertNil(reply.query("error_details"), "the SDK reads no error_details from a query")
    }

    func testTheUserMessageFollowsAcceptLanguage() async throws {
        let reply = try await authorize(["tkn": "not-a-tkn"], language: "fr-FR,fr;q=0.9")
        XCTAssertEqual(SDKReading(reply).errorUserMsg, LocalizedMessages.message(.invalidGrant, locale: "fr"))
        XCTAssertNotEqual(SDKReading(reply).errorUserMsg, MessageKey.invalidGrant.english)
    }

    func testSpacesAndPlusSignsArePercentEncoded() async throws {
        let reply = try await authorize(["provider": "google+apple"])
        XCTAssertEqual(reply.status, 302)
        let location = reply.header("Location") ?? ""
        XCTAssertTrue(location.contains("Unknown%20provider%20google%2Bapple"), location)
        let read = SDKReading(reply)
        XCTAssertEqual(read.error, "invalid_request")
        // A standard reader gets the + back; the SDK, which percent-decodes and then reads every
        // + as a space, cannot tell it from one (whatever a server sends).
        XCTAssertEqual(reply.query("error_description"), "Unknown provider google+apple")
        XCTAssertEqual(read.errorDescription, "Unknown provider google apple")
        XCTAssertEqual(read.errorMessageKey, MessageKey.invalidRequest.rawValue)
    }

    func testEveryRedirectedErrorIsAnRFC6749AuthorizationError() async throws {
        let cases: [[String: String]] = [
            ["response_type": "token", "tkn": "x"], ["code_challenge_method": "plain", "tkn": "x"], ["scope": "openid admin", "tkn": "x"],
            ["tkn": "x"], ["prompt": "none"], ["provider": "myspace"], ["provider": "apple", "id_token": "a.b.c", "nonce": "n"],
        ]
        let rfc6749 = ["invalid_request", "unauthorized_client", "access_denied", "unsupported_response_type", "invalid_scope"]
        for parameters in cases {
            let reply = try await authorize(parameters)
            XCTAssertEqual(reply.status, 302, "\(parameters)")
            let read = SDKReading(reply)
            // login_required is OIDC Core 3.1.2.6's, for a request without a login.
            XCTAssertTrue(rfc6749.contains(read.error ?? "") || read.error == "login_required", "\(parameters): \(read)")
            XCTAssertNotNil(read.errorMessageKey, "\(parameters)")
            XCTAssertNotNil(read.errorUserMsg, "\(parameters)")
            XCTAssertNotNil(read.errorDescription, "\(parameters)")
            XCTAssertNotNil(read.errorId, "\(parameters)")
        }
    }

    func testAnUncheckedRedirectURIIsAnErrorBodyNotARedirect() async throws {
        let reply = try await authorize(["redirect_uri": "https://evil.example/cb", "tkn": "x"])
        assertAPIError(reply, status: 400, error: "invalid_request")
        XCTAssertNil(reply.header("Location"))
    }
}
