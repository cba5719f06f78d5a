import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The field rules ReachFive documents (the iOS SDK's models page and signup page): each one
/// refused with the ReachFive error body whose `error_details` names the field and the rule,
/// at signup, at passkey signup and at update-profile; the values the rules allow accepted.
final class ProfileFieldRulesTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    /// Asserts a 400 `invalid_request` whose only field error is `field` with `code`.
    func assertRefused(
        _ reply: HTTPClient.Reply, field: String, code: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertAPIError(reply, status: 400, error: "invalid_request", file: file, line: line)
        guard case .array(let details)? = reply.json["error_details"], details.count == 1 else {
            return XCTFail("one error_details entry expected: \(String(decoding: reply.body, as: UTF8.self))", file: file, line: line)
        }
        XCTAssertEqual(details[0]["field"]?.stringValue, field, file: file, line: line)
        XCTAssertEqual(details[0]["code"]?.stringValue, code, file: file, line: line)
        XCTAssertEqual(details[0]["message"]?.stringValue, reply.json["error_description"]?.stringValue, file: file, line: line)
    }

    func signup(_ extra: [String: JSONValue], email: String = "rules@example.com") async throws -> HTTPClient.Reply {
        try await server.signup(email: email, extra: extra)
    }

    /// The server's today and a day after it, as `YYYY-MM-DD` (the emulator's clock, UTC).
    func day(offset days: Int64) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(server.env.now + days * 86_400)))
    }

    func testGenderIsFemaleMaleOrOther() async throws {
        for value in ["robot", "Male", "f", ""] {
            assertRefused(try await signup(["gender": .string(value)]), field: "data.gender", code: "enum")
        }
        for (index, value) in ProfileFieldRules.genders.enumerated() {
            let reply = try await signup(["gender": .string(value)], email: "g\(index)@example.com")
            XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        }
        XCTAssertEqual(ProfileFieldRules.genders, ["female", "male", "other"])
    }

    func testBirthdateIsAPastISOCalendarDate() async throws {
        for value in ["yesterday", "1990-02-30", "1990-2-3", "19900203", "1990-13-01", "1990-01-01T00:00:00Z", "０１９９-01-01"] {
            assertRefused(try await signup(["birthdate": .string(value)]), field: "data.birthdate", code: "date")
        }
        assertRefused(try await signup(["birthdate": .string(day(offset: 1))]), field: "data.birthdate", code: "future")
        let leap = try await signup(["birthdate": "2000-02-29"], email: "leap@example.com")
        XCTAssertEqual(leap.status, 200, String(decoding: leap.body, as: UTF8.self))
        let today = try await signup(["birthdate": .string(day(offset: 0))], email: "today@example.com")
        XCTAssertEqual(today.status, 200, String(decoding: today.body, as: UTF8.self))
    }

    func testLocaleAndURLs() async throws {
        for value in ["FR", "fr_FR", "fr-fr", "french", "f", "fr-FRA"] {
            assertRefused(try await signup(["locale": .string(value)]), field: "data.locale", code: "locale")
        }
        for field in ["picture", "profile_url"] {
            for value in ["/me.png", "ftp://example.com/me.png", "javascript:alert(1)", "https://", "example.com/me.png"] {
                assertRefused(try await signup([field: .string(value)]), field: "data.\(field)", code: "url")
            }
        }
        let ok = try await signup(["locale": "fr-FR", "picture": "https://cdn.example.com/me.png", "profile_url": "http://example.com/u/1"])
        XCTAssertEqual(ok.status, 200, String(decoding: ok.body, as: UTF8.self))
        let en = try await signup(["locale": "en"], email: "en@example.com")
        XCTAssertEqual(en.status, 200)
    }

    func testCustomIdentifierIsFourToEightyCharactersBesideAnEmailOrPhone() async throws {
        let only = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": "openid",
                "data": .object(["custom_identifier": "lonely-name", "password": "correct horse battery staple"]),
            ]))
        assertRefused(only, field: "data.email", code: "required")
        XCTAssertTrue(try server.env.store.allAccounts().isEmpty, "nothing is written")
        assertRefused(try await signup(["custom_identifier": "abc"]), field: "data.custom_identifier", code: "length")
        assertRefused(
            try await signup(["custom_identifier": .string(String(repeating: "x", count: 81))]), field: "data.custom_identifier",
            code: "length")
        let eighty = try await signup(["custom_identifier": .string(String(repeating: "y", count: 80))])
        XCTAssertEqual(eighty.status, 200, String(decoding: eighty.body, as: UTF8.self))
        let byPhone = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": "openid",
                "data": .object(["phone_number": "+33612345678", "custom_identifier": "abcd", "password": "correct horse battery staple"]),
            ]))
        XCTAssertEqual(byPhone.status, 200, String(decoding: byPhone.body, as: UTF8.self))
    }

    func testPhoneNumberFormats() async throws {
        for value in ["12", "+33 6", "phone", "+999 123 456 789"] {
            let reply = try await server.client.post(
                "/identity/v1/signup-token",
                .object([
                    "client_id": .string(server.clientId), "scope": "openid",
                    "data": .object(["phone_number": .string(value), "password": "correct horse battery staple"]),
                ]))
            assertRefused(reply, field: "data.phone_number", code: "phone_number")
        }
        // The national convention of the configured country (FR) is accepted and stored in E.164.
        let national = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": TestServer.allScopes.jsonString,
                "data": .object(["phone_number": "06 12 34 56 78", "password": "correct horse battery staple"]),
            ]))
        XCTAssertEqual(national.status, 200, String(decoding: national.body, as: UTF8.self))
        let me = try await server.client.get("/identity/v1/userinfo", token: national.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["phone_number"], "+33612345678")
    }

    func testUpdateProfileKeepsTheSameRules() async throws {
        let token = try unwrap(try await signup(["gender": "female", "birthdate": "1983-11-13"]).json["access_token"]?.stringValue)
        func update(_ body: [String: JSONValue]) async throws -> HTTPClient.Reply {
            try await server.client.post("/identity/v1/update-profile", .object(body), token: token)
        }
        assertRefused(try await update(["gender": "robot"]), field: "gender", code: "enum")
        assertRefused(try await update(["birthdate": .string(day(offset: 2))]), field: "birthdate", code: "future")
        assertRefused(try await update(["locale": "fr_FR"]), field: "locale", code: "locale")
        assertRefused(try await update(["picture": "not a url"]), field: "picture", code: "url")
        let me = try await server.client.get("/identity/v1/userinfo", token: token)
        XCTAssertEqual(me.json["gender"], "female", "a refused update changes nothing")
        XCTAssertEqual(me.json["birthdate"], "1983-11-13")
        let changed = try await update(["gender": "other", "birthdate": "1990-01-31", "locale": "de", "gender_x": "ignored"])
        XCTAssertEqual(changed.status, 200, String(decoding: changed.body, as: UTF8.self))
        XCTAssertEqual(changed.json["gender"], "other")
        XCTAssertEqual(changed.json["birthdate"], "1990-01-31")
        XCTAssertEqual(changed.json["locale"], "de")
        let deleted = try await update(["gender": .null])
        XCTAssertNil(deleted.json["gender"], "null deletes whatever the rule")
    }

    func testUpdateProfileKeepsAnEmailOrPhoneBesideACustomIdentifier() async throws {
        let signup = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": TestServer.allScopes.jsonString,
                "data": .object([
                    "phone_number": "+33612345679", "custom_identifier": "phone-only", "password": "correct horse battery staple",
                ]),
            ]))
        let token = try unwrap(signup.json["access_token"]?.stringValue)
        let reply = try await server.client.post("/identity/v1/update-profile", .object(["phone_number": .null]), token: token)
        assertRefused(reply, field: "custom_identifier", code: "required")
        let me = try await server.client.get("/identity/v1/userinfo", token: token)
        XCTAssertEqual(me.json["phone_number"], "+33612345679")
    }

    func testPasskeySignupOptionsKeepTheSameRules() async throws {
        func options(_ profile: [String: JSONValue]) async throws -> HTTPClient.Reply {
            try await server.client.post(
                "/identity/v1/webauthn/signup-options",
                .object([
                    "client_id": .string(server.clientId), "origin": "https://localhost", "scope": "openid",
                    "friendly_name": "phone", "profile": .object(profile),
                ]))
        }
        assertRefused(try await options(["custom_identifier": "only-me"]), field: "profile.email", code: "required")
        assertRefused(try await options(["email": "pk@example.com", "gender": "robot"]), field: "profile.gender", code: "enum")
        assertRefused(try await options(["email": "pk@example.com", "birthdate": "yesterday"]), field: "profile.birthdate", code: "date")
        let ok = try await options(["email": "pk@example.com", "gender": "male", "birthdate": "1983-11-13"])
        XCTAssertEqual(ok.status, 200, String(decoding: ok.body, as: UTF8.self))
    }
}

extension String {
    /// This string as a JSON string value.
    var jsonString: JSONValue { .string(self) }
}
