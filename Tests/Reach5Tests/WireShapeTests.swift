import Encoding
import Foundation
import IdentityServer
import Picker
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import XCTest

/// Every request the facade sends, as the wire saw it, against docs/design/reachfive-protocol.md §§1–11: the
/// default query parameters, one correlation id per instance, JSON bodies only with a
/// Content-Type, snake_case keys with nils omitted, `Diff.Delete` as an explicit null, the
/// Authorization scheme from `token_type`, a 125-character PKCE verifier.
final class WireShapeTests: XCTestCase {
    func testEveryRequestHasTheSDKsShape() async throws {
        let window = try HeadlessPresentation.ephemeral()
        let server = try await LocalServer.start(appleKeys: try AppleIDIssuer.load(from: window.vault).jwks)
        let recorder = WireRecorder()
        let r5 = server.reachFive(recorder: recorder)
        try await r5.initialize()
        let token = try await achieved(
            r5.signup(
                profile: ProfileSignupRequest(givenName: "Wire", email: "wire@example.com", password: "correct horse battery staple"),
                scope: ["openid", "email", "profile", "phone", "full_write", "offline_access"]))
        _ = try await r5.updateProfile(authToken: token, profileUpdate: ProfileUpdate(givenName: .Update("Wired"), familyName: .Delete))
        _ = try await r5.getProfile(authToken: token)
        if case .VerificationNeeded(let next) = try await r5.sendEmailVerification(authToken: token) {
            try await next.verify(code: try await server.lastCode(to: "wire@example.com"), email: "wire@example.com")
        }
        _ = try await r5.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "wirekey@example.com"), friendlyName: "phone",
                presenting: Presentation(from: window)))
        _ = try await r5.login(
            withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.Passkey],
            display: .IfImmediatelyAvailableCredentials)
        let refreshed = try await r5.refreshAccessToken(authToken: token)
        try await r5.logout(revoke: refreshed)
        await server.stop()

        let sent = recorder.requests
        XCTAssertGreaterThan(sent.count, 15)
        let correlation = Set(sent.compactMap { $0.headers["X-R5-Correlation-Id"] })
        XCTAssertEqual(correlation.count, 1, "one correlation id per instance")
        XCTAssertNotNil(UUID(uuidString: try XCTUnwrap(correlation.first)))
        for request in sent {
            let what = "\(request.method) \(request.url.path)"
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            XCTAssertEqual(query.filter { $0.name == "platform" }.map(\.value), ["ios"], what)
            XCTAssertEqual(query.filter { $0.name == "sdk" }.map(\.value), ["11.0.0"], what)
            XCTAssertEqual(request.headers["Content-Type"] != nil, request.body != nil, "Content-Type only with a body: \(what)")
            if let body = request.body {
                let json = try StrictJSON.parse(Array(body), maxDepth: 64)
                for key in Self.keys(json) where !key.isEmpty {
                    XCTAssertEqual(key, key.lowercased(), "snake_case keys: \(key) in \(what)")
                }
                XCTAssertFalse(
                    Self.containsNull(json) && request.url.path != "/identity/v1/update-profile",
                    "nil fields are omitted, not null: \(what)")
            }
        }
        // Diff: Update as the value, Delete as an explicit null, NoOp absent.
        let update = try XCTUnwrap(sent.first { $0.url.path == "/identity/v1/update-profile" })
        let updateBody = try StrictJSON.parse(Array(try XCTUnwrap(update.body)), maxDepth: 8)
        XCTAssertEqual(updateBody, .object(["given_name": "Wired", "family_name": .null]))
        XCTAssertEqual(update.headers["Authorization"], "Bearer \(token.accessToken)", "the scheme is the token_type")
        // The code exchange: JSON, PKCE verifier of 125 characters of [A-Za-z0-9].
        let exchanges = sent.filter { $0.url.path == "/oauth/token" }
        let codeExchange = try XCTUnwrap(
            exchanges.compactMap { $0.body.flatMap { try? StrictJSON.parse(Array($0), maxDepth: 8) } }.first {
                $0["grant_type"] == "authorization_code"
            })
        let verifier = try XCTUnwrap(codeExchange["code_verifier"]?.stringValue)
        XCTAssertEqual(verifier.count, 125)
        XCTAssertTrue(verifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        XCTAssertEqual(Set(codeExchange.objectKeys), ["client_id", "code", "grant_type", "redirect_uri", "code_verifier"])
        // The passkey signup's finish call: snake_case credential, the analytics origin in no query.
        let finish = try XCTUnwrap(sent.first { $0.url.path == "/identity/v1/webauthn/signup" })
        let finishBody = try StrictJSON.parse(Array(try XCTUnwrap(finish.body)), maxDepth: 8)
        XCTAssertEqual(Set(finishBody["public_key_credential"]?["response"]?.objectKeys ?? []), ["attestation_object", "client_data_json"])
        XCTAssertNotNil(finishBody["webauthn_id"]?.stringValue)
        // authorize: the SDK's parameter set.
        let authorize = try XCTUnwrap(sent.first { $0.url.path == "/oauth/authorize" })
        let names = Set((URLComponents(url: authorize.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name))
        XCTAssertEqual(
            names,
            ["client_id", "response_type", "redirect_uri", "scope", "code_challenge", "code_challenge_method", "tkn", "platform", "sdk"])
        // revoke: access token, then refresh token.
        let revokes = sent.filter { $0.url.path == "/oauth/revoke" }.compactMap {
            $0.body.flatMap { try? StrictJSON.parse(Array($0), maxDepth: 8) }
        }
        XCTAssertEqual(revokes.map { $0["token_type_hint"]?.stringValue }, ["access_token", "refresh_token"])
        XCTAssertEqual(sent.last?.url.path, "/identity/v1/logout")
    }

    static func keys(_ value: JSONValue) -> [String] {
        switch value {
        case .object(let o): return o.keys + o.values.flatMap(keys)
        case .array(let a): return a.flatMap(keys)
        default: return []
        }
    }

    static func containsNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .object(let o): return o.values.contains(where: containsNull)
        case .array(let a): return a.contains(where: containsNull)
        default: return false
        }
    }
}

extension JSONValue {
    var objectKeys: [String] {
        if case .object(let o) = self { return Array(o.keys) }
        return []
    }
}
