import Authenticator
import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import WebAuthn

/// One simulated app user against the server: an account with its own software authenticator,
/// driven over one keep-alive connection. A login is five steps: authentication-options, the
/// authenticator's assertion (client only), authentication, authorize (tkn + PKCE), token.
struct PasskeyLoginClient {
    static let origin = "https://localhost"
    static let clientId = "latchkey-local"

    /// The steps of a login, in order.
    enum Phase: String, CaseIterable {
        case options, assertion, authentication, authorize, token
    }

    let client: WebAuthnClient

    /// Signs up a new account with a passkey through `http`.
    static func signUp(_ http: KeepAliveConnection, index: Int) throws -> PasskeyLoginClient {
        let client = WebAuthnClient(authenticator: try SoftwareAuthenticator(profile: .icloud), publicSuffixList: nil)
        let options = try http.send(
            "POST", "/identity/v1/webauthn/signup-options",
            json: .object([
                "client_id": .string(clientId), "origin": .string(origin), "friendly_name": "bench", "scope": "openid",
                "profile": .object(["email": .string("bench\(index)-\(UUID().uuidString.prefix(8))@example.com")]),
            ]))
        guard options.status == 200, let publicKey = options.json["options"]?["public_key"] else {
            throw BenchmarkError("signup-options: \(options.status)")
        }
        let response = try client.create(optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: origin)
        let finish = try http.send(
            "POST", "/identity/v1/webauthn/signup",
            json: .object([
                "webauthn_id": publicKey["user"]?["id"] ?? .null,
                "public_key_credential": .object([
                    "id": .string(response.id), "raw_id": .string(Base64URL.encode(response.rawId.bytes)), "type": "public-key",
                    "response": .object([
                        "attestation_object": .string(Base64URL.encode(response.response.attestationObject.bytes)),
                        "client_data_json": .string(Base64URL.encode(response.response.clientDataJSON.bytes)),
                    ]),
                ]),
            ]))
        guard finish.status == 200 else { throw BenchmarkError("signup: \(finish.status) \(finish.json)") }
        return PasskeyLoginClient(client: client)
    }

    /// One whole login; `between` is called after each phase (timing hooks). Returns the token
    /// response.
    @discardableResult
    func login(_ http: KeepAliveConnection, between: (Phase) -> Void = { _ in }) throws -> JSONValue {
        let clientId = Self.clientId
        let options = try http.send(
            "POST", "/identity/v1/webauthn/authentication-options",
            json: .object(["client_id": .string(clientId), "origin": .string(Self.origin), "scope": "openid"]))
        guard options.status == 200, let publicKey = options.json["public_key"] else {
            throw BenchmarkError("authentication-options: \(options.status)")
        }
        between(.options)
        let assertion = try client.get(optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: Self.origin)
        var response: [String: JSONValue] = [
            "authenticator_data": .string(Base64URL.encode(assertion.response.authenticatorData.bytes)),
            "client_data_json": .string(Base64URL.encode(assertion.response.clientDataJSON.bytes)),
            "signature": .string(Base64URL.encode(assertion.response.signature.bytes)),
        ]
        if let handle = assertion.response.userHandle { response["user_handle"] = .string(Base64URL.encode(handle.bytes)) }
        between(.assertion)
        let finish = try http.send(
            "POST", "/identity/v1/webauthn/authentication",
            json: .object([
                "id": .string(assertion.id), "raw_id": .string(Base64URL.encode(assertion.rawId.bytes)), "type": "public-key",
                "response": .object(response),
            ]))
        guard finish.status == 200, let tkn = finish.json["tkn"]?.stringValue else {
            throw BenchmarkError("authentication: \(finish.status) \(finish.json)")
        }
        between(.authentication)
        let token = try Self.exchange(tkn: tkn, http) { between(.authorize) }
        between(.token)
        return token
    }

    /// The end of every ReachFive login: the tkn through `/oauth/authorize` (with a PKCE
    /// challenge) to a code, and the code to tokens at `/oauth/token`. `authorized` is called
    /// between the two.
    static func exchange(tkn: String, _ http: KeepAliveConnection, authorized: () -> Void = {}) throws -> JSONValue {
        let verifier = Base64URL.encode(SystemRandom.bytes(48))
        let challenge = S256.of(verifier)
        let redirect = "reachfive-\(clientId)://callback"
        let authorize = try http.send(
            "GET",
            "/oauth/authorize?client_id=\(clientId)&response_type=code&redirect_uri=\(redirect)&scope=openid"
                + "&code_challenge=\(challenge)&code_challenge_method=S256&tkn=\(tkn)")
        guard authorize.status == 302, let location = authorize.location,
            let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value
        else {
            throw BenchmarkError("authorize: \(authorize.status) \(authorize.location ?? "")")
        }
        authorized()
        let token = try http.send(
            "POST", "/oauth/token",
            json: .object([
                "client_id": .string(clientId), "grant_type": "authorization_code", "code": .string(code),
                "redirect_uri": .string(redirect), "code_verifier": .string(verifier),
            ]))
        guard token.status == 200, token.json["id_token"] != nil else { throw BenchmarkError("token: \(token.status)") }
        return token.json
    }
}
