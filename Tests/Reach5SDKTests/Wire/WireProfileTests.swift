import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import XCTest

/// Every request of the profile, verification and token calls, as 11.0.0's SDK sends it:
/// `Sources/Core/Classes/ReachFiveApi.swift` (`getProfile` with `fields` = its `profileFields`
/// joined by commas and `flatcf=true`; `updateProfile`, `updateEmail`, `updatePhoneNumber`,
/// `sendEmailVerification`, `verifyEmail`, `verifyPhoneNumber` as POSTs with `tokenHeader`;
/// `refreshAccessToken` and `revokeToken` as POSTs without it; `logout` and `buildLogoutURL` as
/// GETs), the bodies `x.dictionary()` of `models/requests/{UpdateEmailRequest, UpdatePhoneNumberRequest,
/// VerifyPhoneNumberRequest, VerifyEmailRequest (and SendEmailVerificationRequest), RefreshRequest,
/// RevokeTokenRequest}.swift`, `models/{Profile, ProfileAddress, Consent, ProfileUpdate}.swift`
/// (snake_case keys, nil optionals absent, `Diff.Delete` null, `NoOp` absent, URLs as strings),
/// `ReachFiveLogin.swift` (the web logout's `post_logout_redirect_uri` and `origin`) and
/// `utils/NetworkClient.swift` (`X-R5-Correlation-Id` always, `Content-Type: application/json`
/// with a body, `platform=ios&sdk=…` on every URL). The server is the in-process one.
final class WireProfileTests: ProfileExampleTestCase {
    private var r5: ReachFive { AppDelegate.reachfive() }

    /// Runs `call` (its outcome is not the point) and returns the requests it sent.
    private func sent(count: Int = 1, _ call: () async throws -> Void) async -> [WireRecorder.Sent] {
        let mark = recorder.requests.count
        do { try await call() } catch {}
        let requests = Array(recorder.requests.dropFirst(mark))
        XCTAssertEqual(requests.count, count)
        return requests
    }

    private func body(_ request: WireRecorder.Sent) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: XCTUnwrap(request.body), options: [.fragmentsAllowed]) as? [String: Any])
    }

    private func check(
        _ request: WireRecorder.Sent?, _ method: String, _ path: String, query: [String: String] = [:], bearer: Bool,
        keys: Set<String>?, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let request = try XCTUnwrap(request, file: file, line: line)
        XCTAssertEqual(request.method, method, file: file, line: line)
        let url = try XCTUnwrap(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        XCTAssertEqual(url.path, path, file: file, line: line)
        let items = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(items, query.merging(["platform": "ios", "sdk": "11.0.0"]) { a, _ in a }, file: file, line: line)
        XCTAssertNotNil(request.headers["X-R5-Correlation-Id"], file: file, line: line)
        let expectedAuth = bearer ? "Bearer \(profileAuthToken.accessToken)" : nil
        XCTAssertEqual(request.headers["Authorization"], expectedAuth, file: file, line: line)
        if let keys {
            XCTAssertEqual(request.headers["Content-Type"], "application/json", file: file, line: line)
            XCTAssertEqual(Set(try body(request).keys), keys, file: file, line: line)
        } else {
            XCTAssertNil(request.body, file: file, line: line)
            XCTAssertNil(request.headers["Content-Type"], file: file, line: line)
        }
    }

    func testGetProfile() async throws {
        try await logInJohn()
        let fields =
            "birthdate,bio,middle_name,addresses,auth_types,consents,created_at,custom_fields,devices,company,email,emails,email_verified,external_id,family_name,first_login,first_name,full_name,gender,given_name,has_managed_profile,has_password,id,identities,last_login,last_login_provider,last_login_type,last_name,likes_friends_ratio,lite_only,locale,local_friends_count,login_summary,logins_count,name,nickname,origins,picture,phone_number,phone_number_verified,custom_identifier,provider_details,providers,social_identities,sub,uid,updated_at"
        let requests = await sent { _ = try await r5.getProfile(authToken: profileAuthToken) }
        try check(requests.first, "GET", "/identity/v1/userinfo", query: ["fields": fields, "flatcf": "true"], bearer: true, keys: nil)
    }

    /// The whole profile: only its non-nil members, an address's `isDefault` as `default`, its
    /// complement and custom fields, consents with `consent_type`.
    func testUpdateProfileWithProfile() async throws {
        try await logInJohn()
        let address = ProfileAddress(
            title: "Home", isDefault: true, addressType: "delivery", streetAddress: "1 rue de la Paix", addressComplement: "Bât. B",
            locality: "Paris", region: nil, postalCode: "75002", country: "France", raw: nil, deliveryNote: nil, recipient: nil,
            company: nil, phoneNumber: nil, customFields: ["floor": .int(3)])
        let profile = Profile(
            givenName: "Jonathan", phoneNumber: "+33750253354", addresses: [address], customFields: ["loyalty": .bool(true)],
            consents: ["newsletter": Consent(granted: true, consentType: "opt-in", date: "2024-01-01T00:00:00Z")])
        let requests = await sent { _ = try await r5.updateProfile(authToken: profileAuthToken, profile: profile) }
        try check(
            requests.first, "POST", "/identity/v1/update-profile", bearer: true,
            keys: ["given_name", "phone_number", "addresses", "custom_fields", "consents"])
        let json = try body(XCTUnwrap(requests.first))
        let sentAddress = try XCTUnwrap((json["addresses"] as? [[String: Any]])?.first)
        XCTAssertEqual(
            Set(sentAddress.keys),
            [
                "title", "default", "address_type", "street_address", "address_complement", "locality", "postal_code", "country",
                "custom_fields",
            ])
        XCTAssertEqual(sentAddress["default"] as? Bool, true)
        let consent = try XCTUnwrap((json["consents"] as? [String: Any])?["newsletter"] as? [String: Any])
        XCTAssertEqual(Set(consent.keys), ["granted", "consent_type", "date"])
    }

    /// `Update` as the value, `Delete` as an explicit null, `NoOp` absent.
    func testUpdateProfileWithProfileUpdate() async throws {
        try await logInJohn()
        let update = ProfileUpdate(givenName: .Update("Jo"), phoneNumber: .Delete)
        update.nickname = .NoOp
        let requests = await sent { _ = try await r5.updateProfile(authToken: profileAuthToken, profileUpdate: update) }
        try check(requests.first, "POST", "/identity/v1/update-profile", bearer: true, keys: ["given_name", "phone_number"])
        let json = try body(XCTUnwrap(requests.first))
        XCTAssertEqual(json["given_name"] as? String, "Jo")
        XCTAssertTrue(json["phone_number"] is NSNull)
    }

    func testUpdateEmail() async throws {
        try await logInJohn()
        var requests = await sent {
            _ = try await r5.updateEmail(
                authToken: profileAuthToken, email: "new@example.com", redirectUrl: URL(string: "https://r.example/x"))
        }
        try check(requests.first, "POST", "/identity/v1/update-email", bearer: true, keys: ["email", "redirect_url"])
        XCTAssertEqual(try body(XCTUnwrap(requests.first))["redirect_url"] as? String, "https://r.example/x")
        requests = await sent { _ = try await r5.updateEmail(authToken: profileAuthToken, email: "newer@example.com") }
        try check(requests.first, "POST", "/identity/v1/update-email", bearer: true, keys: ["email"])
    }

    func testUpdateAndVerifyPhoneNumber() async throws {
        try await logInJohn()
        var requests = await sent { _ = try await r5.updatePhoneNumber(authToken: profileAuthToken, phoneNumber: "+33792244940") }
        try check(requests.first, "POST", "/identity/v1/update-phone-number", bearer: true, keys: ["phone_number"])
        requests = await sent {
            try await r5.verifyPhoneNumber(authToken: profileAuthToken, phoneNumber: "+33792244940", verificationCode: "123456")
        }
        try check(requests.first, "POST", "/identity/v1/verify-phone-number", bearer: true, keys: ["phone_number", "verification_code"])
    }

    /// No redirect given: the SdkConfig's `emailVerificationUri` is sent.
    func testSendAndVerifyEmail() async throws {
        try await logInJohn()
        var requests = await sent { _ = try await r5.sendEmailVerification(authToken: profileAuthToken) }
        try check(requests.first, "POST", "/identity/v1/send-email-verification", bearer: true, keys: ["redirect_url"])
        XCTAssertEqual(try body(XCTUnwrap(requests.first))["redirect_url"] as? String, r5.sdkConfig.emailVerificationUri.absoluteString)
        requests = await sent { try await r5.verifyEmail(authToken: profileAuthToken, code: "123456", email: "john.doe@gmail.com") }
        try check(requests.first, "POST", "/identity/v1/verify-email", bearer: true, keys: ["email", "verification_code"])
    }

    func testRefreshAccessToken() async throws {
        try await logInJohn()
        let requests = await sent { _ = try await r5.refreshAccessToken(authToken: profileAuthToken) }
        try check(
            requests.first, "POST", "/oauth/token", bearer: false, keys: ["client_id", "refresh_token", "redirect_uri", "grant_type"])
        let json = try body(XCTUnwrap(requests.first))
        XCTAssertEqual(json["grant_type"] as? String, "refresh_token")
        XCTAssertEqual(json["redirect_uri"] as? String, r5.sdkConfig.redirectUri.absoluteString)
    }

    /// The access token, then the refresh token, each with its `token_type_hint`.
    func testRevokeToken() async throws {
        try await logInJohn()
        let requests = await sent(count: 2) { try await r5.revokeToken(authToken: profileAuthToken) }
        for (request, hint) in zip(requests, ["access_token", "refresh_token"]) {
            try check(request, "POST", "/oauth/revoke", bearer: false, keys: ["token", "token_type_hint", "client_id"])
            XCTAssertEqual(try body(request)["token_type_hint"] as? String, hint)
        }
    }

    func testLogout() async throws {
        try await logInJohn()
        var requests = await sent { try await r5.logout() }
        try check(requests.first, "GET", "/identity/v1/logout", bearer: false, keys: nil)
        let web = try WebSessionLogoutRequest(presenting: Presentation(from: window), origin: "app_logout")
        requests = await sent(count: 2) { try await r5.logout(webSessionLogout: web) }
        try check(
            requests.first, "GET", "/identity/v1/logout",
            query: ["post_logout_redirect_uri": r5.sdkConfig.redirectUri.absoluteString, "origin": "app_logout"], bearer: false,
            keys: nil)
        try check(requests.last, "GET", "/identity/v1/logout", bearer: false, keys: nil)
    }
}
