import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// What the iOS SDK sends is accepted and comes back from userinfo in the shape its `Profile`
/// decodes: every `ProfileSignupRequest` and `ProfilePasskeySignupRequest` member (8.2.0 and
/// 11.0.0 have the same ones), addresses with every `ProfileAddress` member (`default`,
/// `address_complement`, `custom_fields`, …), `consents` as `Consent` encodes them; and the
/// documented address and consent rules refused with the member's whole body path
/// (`data.addresses[0].address_type` at signup).
final class ProfileSDKShapeTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    /// A `ProfileAddress` with every member, as the SDK's snake_case encoder writes it.
    static let address: JSONValue = .object([
        "title": "Home", "default": .bool(true), "address_type": "delivery", "street_address": "10 rue Chaptal",
        "address_complement": "4e étage", "locality": "Paris", "region": "Île-de-France", "postal_code": "75009",
        "country": "France", "raw": "10 rue Chaptal, 75009 Paris", "delivery_note": "Code 1234", "recipient": "Ann Lee",
        "company": "Acme", "phone_number": "0723538943",
        "custom_fields": .object(["floor": .number(4), "lift": .bool(false), "tags": .array(["a", "b"]), "ratio": .number(0.5)]),
    ])

    static let billing: JSONValue = .object(["address_type": "billing", "street_address": "1 Main St", "country": "US"])

    /// Every `ProfileSignupRequest` member but the identifiers and the password.
    static let profile: [String: JSONValue] = [
        "given_name": "Ann", "middle_name": "B", "family_name": "Lee", "name": "Ann B Lee", "nickname": "annie",
        "birthdate": "1983-11-13", "profile_url": "https://social.example/ann", "picture": "https://cdn.example/ann.png",
        "username": "annlee", "gender": "female", "addresses": .array([address, billing]), "locale": "fr-FR", "bio": "Hello",
        "custom_fields": .object(["tier": "gold", "points": .number(12), "vip": .bool(true), "colors": .array(["red", "blue"])]),
        "consents": .object([
            "newsletter": .object(["granted": .bool(true), "consent_type": "opt-in", "date": "2024-05-01T10:00:00Z"]),
            "sms": .object(["granted": .bool(false), "consent_type": "opt-out", "date": "2024-05-01T10:00:00.123Z"]),
        ]),
        "company": "Acme", "lite_only": .bool(false),
    ]

    func assertProfile(_ me: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
        for (key, value) in Self.profile {
            XCTAssertEqual(me[key], value, key, file: file, line: line)
        }
    }

    func testSignupTokenAcceptsAndReturnsEveryProfileSignupRequestMember() async throws {
        var data = Self.profile
        data["email"] = "ann@example.com"
        data["phone_number"] = "+33612345678"
        data["custom_identifier"] = "ann-lee"
        data["password"] = "correct horse battery staple"
        let reply = try await server.client.post(
            "/identity/v1/signup-token?platform=ios&sdk=11.0.0",
            .object([
                "client_id": .string(server.clientId), "data": .object(data), "scope": .string(TestServer.allScopes),
                "redirect_url": "reachfive-\(server.clientId)://callback".jsonString, "origin": "app-store",
            ]))
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        let me = try await server.client.get(
            "/identity/v1/userinfo?fields=addresses,consents,custom_fields&flatcf=true", token: reply.json["access_token"]?.stringValue)
        XCTAssertEqual(me.status, 200)
        assertProfile(me.json)
        XCTAssertEqual(me.json["custom_identifier"], "ann-lee")
    }

    func testPasskeySignupAcceptsAndReturnsEveryProfilePasskeySignupRequestMember() async throws {
        var profile = Self.profile
        profile["email"] = "pk-ann@example.com"
        profile["phone_number"] = "+33612345670"
        profile["custom_identifier"] = "pk-ann"
        let flows = AccountFlows(server: server)
        let tokens = try await flows.passkeySignup(profile, device: try PasskeyDevice())
        let me = try unwrap(try await flows.userinfo(tokens))
        assertProfile(me)
        XCTAssertEqual(me["email"], "pk-ann@example.com")
    }

    func testUpdateProfileReplacesAddressesWithCustomFields() async throws {
        let token = try unwrap(try await server.signup(email: "upd@example.com").json["access_token"]?.stringValue)
        let reply = try await server.client.post(
            "/identity/v1/update-profile", .object(["addresses": .array([Self.address]), "unknown": "dropped"]), token: token)
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        XCTAssertEqual(reply.json["addresses"], .array([Self.address]))
    }

    func testAddressAndConsentRulesNameTheMember() async throws {
        func signup(_ extra: [String: JSONValue]) async throws -> HTTPClient.Reply {
            try await server.signup(email: "bad@example.com", extra: extra)
        }
        let cases: [(JSONValue, String, String)] = [
            (.object(["addresses": .array([.object(["address_type": "home"])])]), "addresses[0].address_type", "enum"),
            (.object(["addresses": .array([Self.billing, .object(["street_address": ""])])]), "addresses[1].street_address", "required"),
            (.object(["addresses": .array([.object(["title": ""])])]), "addresses[0].title", "required"),
            (.object(["addresses": .array([.object(["country": .number(33)])])]), "addresses[0].country", "type"),
            (.object(["addresses": .array([.object(["default": "yes"])])]), "addresses[0].default", "type"),
            (
                .object(["addresses": .array([.object(["custom_fields": .object(["nested": .object(["a": "b"])])])])]),
                "addresses[0].custom_fields.nested", "type"
            ),
            (.object(["addresses": .array([Self.address, Self.address])]), "addresses", "default"),
            (.object(["addresses": .array(["10 rue Chaptal"])]), "addresses[0]", "type"),
            (.object(["custom_fields": .object(["deep": .object(["x": "y"])])]), "custom_fields.deep", "type"),
            (.object(["custom_fields": .object(["mixed": .array([.array(["x"])])])]), "custom_fields.mixed", "type"),
            (.object(["consents": .object(["news": .object(["consent_type": "opt-in"])])]), "consents.news.granted", "required"),
            (
                .object(["consents": .object(["news": .object(["granted": .bool(true), "consent_type": "maybe"])])]),
                "consents.news.consent_type", "enum"
            ),
            (
                .object(["consents": .object(["news": .object(["granted": .bool(true), "date": "yesterday"])])]), "consents.news.date",
                "date"
            ),
        ]
        for (body, field, code) in cases {
            guard case .object(let extra) = body else { continue }
            let reply = try await signup(extra)
            assertAPIError(reply, status: 400, error: "invalid_request")
            guard case .array(let details)? = reply.json["error_details"], let detail = details.first else {
                XCTFail("no error_details: \(String(decoding: reply.body, as: UTF8.self))")
                continue
            }
            XCTAssertEqual(detail["field"]?.stringValue, "data.\(field)", String(decoding: reply.body, as: UTF8.self))
            XCTAssertEqual(detail["code"]?.stringValue, code, field)
        }
        XCTAssertTrue(try server.env.store.allAccounts().isEmpty, "nothing is written")
    }

    func testNullMembersAreAbsentAndAConsentWithoutADateIsDatedNow() async throws {
        let before = server.env.now
        let reply = try await server.signup(
            email: "nulls@example.com",
            extra: [
                "addresses": .array([.object(["locality": "Lyon", "region": .null, "default": .null, "custom_fields": .null])]),
                "consents": .object(["news": .object(["granted": .bool(true)])]),
            ])
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        let me = try await server.client.get("/identity/v1/userinfo", token: reply.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["addresses"], .array([.object(["locality": "Lyon"])]))
        // Dated when the signup ran: a second between the test's two readings of the clock.
        let dates = Set((before...server.env.now).map(ProfileClaims.iso8601))
        XCTAssertTrue(dates.contains(me.json["consents"]?["news"]?["date"]?.stringValue ?? "-"), "\(me.json["consents"] ?? .null)")
        XCTAssertNil(me.json["consents"]?["news"]?["consent_type"])
    }
}
