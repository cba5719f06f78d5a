import Encoding
import Foundation
import Picker
import WebAuthn

/// Passkey signup and the native logins, through the picker (protocol doc §7–§9).
extension ReachFive {
    private struct SignupOptionsRequest: Encodable {
        let origin: String, friendlyName: String, profile: ProfilePasskeySignupRequest, clientId: String, scope: String
    }
    private struct AuthenticationOptionsRequest: Encodable {
        let clientId: String, origin: String, scope: String, email: String?, phoneNumber: String?
    }
    private struct RegistrationOptionsRequest: Encodable { let origin: String, friendlyName: String }
    private struct Tkn: Decodable { let tkn: String }

    // MARK: signup(withRequest:)

    public func signup(withRequest request: PasskeySignupRequest) async throws -> AuthToken {
        let origin = request.originWebAuthn ?? sdkConfig.originWebAuthn
        let optionsJSON = try await api.json(
            "POST", "/identity/v1/webauthn/signup-options",
            body: SignupOptionsRequest(
                origin: origin, friendlyName: request.friendlyName, profile: request.passkeyProfile, clientId: sdkConfig.clientId,
                scope: scopes(request.scopes)))
        guard let publicKey = optionsJSON["options"]?["public_key"], let webauthnId = publicKey["user"]?["id"]?.stringValue else {
            throw ReachFiveError.TechnicalError(reason: "keyNotFound: options.public_key.user.id")
        }
        let options = try Self.creationOptions(publicKey, userName: request.friendlyName)
        let credential: RegistrationResponseJSON
        switch try await Self.perform([.passkeyRegistration(options)], mode: .always, origin: origin, presentation: request.anchor) {
        case .passkeyRegistration(let r): credential = r
        default: throw ReachFiveError.TechnicalError(reason: "the sheet returned another kind of credential")
        }
        let body: JSONValue = .object(["webauthn_id": .string(webauthnId), "public_key_credential": Self.wire(credential)])
        let tkn = try await api.decode(Tkn.self, "POST", "/identity/v1/webauthn/signup", query: [("origin", request.origin)], rawBody: body)
        return try await loginCallback(tkn: tkn.tkn, scopes: request.scopes, origin: request.origin)
    }

    public func signup(withRequest request: PasskeySignupRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.signup(withRequest: request) }
    }

    // MARK: login(withRequest:usingModalAuthorizationFor:display:)

    /// The modal login: one request per kind, in the caller's order (a kind whose preparation
    /// fails is dropped when another survives), the sheet, then the login the picked
    /// credential calls for.
    public func login(
        withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization],
        display mode: Mode
    ) async throws -> AuthToken {
        guard !requestTypes.isEmpty else { throw ReachFiveError.TechnicalError(reason: "No authorization request to perform") }
        let origin = request.originWebAuthn ?? sdkConfig.originWebAuthn
        var batch: [AuthorizationRequest] = []
        var firstFailure: Error?
        let applePKCE = PKCE()
        for type in requestTypes {
            do {
                switch type {
                case .Password: batch.append(.password)
                case .SignInWithApple: batch.append(.appleID(try appleRequest(nonce: applePKCE.challenge)))
                case .Passkey:
                    batch.append(.passkeyAssertion(try await assertionOptions(origin: origin, scopes: request.scopes, username: nil)))
                }
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
        if batch.isEmpty { throw firstFailure ?? ReachFiveError.TechnicalError(reason: "No authorization request to perform") }
        let result = try await Self.perform(
            batch, mode: mode == .Always ? .always : .ifImmediatelyAvailableCredentials, origin: origin,
            presentation: request.anchor)
        switch result {
        case .password(let username, let password):
            // The SDK's "@" rule: an email, else a phone number (never a custom identifier).
            return username.contains("@")
                ? try await loginWithPassword(email: username, password: password, scope: request.scopes, origin: request.origin)
                : try await loginWithPassword(phoneNumber: username, password: password, scope: request.scopes, origin: request.origin)
        case .passkeyAssertion(let assertion):
            return try await finishPasskeyLogin(assertion, scopes: request.scopes, origin: request.origin)
        case .appleID(let apple):
            let names = apple.fullName?.split(separator: " ", maxSplits: 1).map(String.init) ?? []
            return try await authorize(
                [
                    ("provider", appleProvider?.variant.map { "apple:\($0)" } ?? "apple"), ("id_token", apple.identityToken),
                    ("nonce", applePKCE.verifier), ("given_name", names.first), ("family_name", names.count > 1 ? names[1] : nil),
                ],
                pkce: applePKCE, scopes: request.scopes, origin: request.origin)
        case .passkeyRegistration:
            throw ReachFiveError.TechnicalError(reason: "the sheet returned a registration to a login")
        }
    }

    public func login(
        withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization],
        display mode: Mode
    ) -> Future<AuthToken, ReachFiveError> {
        future { try await self.login(withRequest: request, usingModalAuthorizationFor: requestTypes, display: mode) }
    }

    /// The non-discoverable passkey login: the identifier picks the allowed credentials.
    public func login(
        withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
        usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
    ) async throws -> AuthToken {
        guard !requestTypes.isEmpty else { throw ReachFiveError.TechnicalError(reason: "No authorization request to perform") }
        let origin = request.originWebAuthn ?? sdkConfig.originWebAuthn
        let options = try await assertionOptions(origin: origin, scopes: request.scopes, username: username)
        guard let allowed = options.allowCredentials, !allowed.isEmpty else {
            throw ReachFiveError.AuthFailure(reason: "no allowCredentials returned")
        }
        switch try await Self.perform(
            [.passkeyAssertion(options)], mode: mode == .Always ? .always : .ifImmediatelyAvailableCredentials,
            origin: origin, presentation: request.anchor)
        {
        case .passkeyAssertion(let assertion):
            return try await finishPasskeyLogin(assertion, scopes: request.scopes, origin: request.origin)
        default: throw ReachFiveError.TechnicalError(reason: "the sheet returned another kind of credential")
        }
    }

    public func login(
        withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
        usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
    ) -> Future<AuthToken, ReachFiveError> {
        future {
            try await self.login(
                withNonDiscoverableUsername: username, forRequest: request, usingModalAuthorizationFor: requestTypes, display: mode)
        }
    }

    /// Registers one more passkey for the signed-in account.
    public func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) async throws {
        let origin = request.originWebAuthn ?? sdkConfig.originWebAuthn
        let optionsJSON = try await api.json(
            "POST", "/identity/v1/webauthn/registration-options",
            body: RegistrationOptionsRequest(origin: origin, friendlyName: request.friendlyName), auth: authToken)
        guard let publicKey = optionsJSON["options"]?["public_key"] else {
            throw ReachFiveError.TechnicalError(reason: "keyNotFound: options.public_key")
        }
        let options = try Self.creationOptions(publicKey, userName: request.friendlyName)
        guard
            case .passkeyRegistration(let credential) = try await Self.perform(
                [.passkeyRegistration(options)], mode: .always, origin: origin,
                presentation: request.anchor)
        else {
            throw ReachFiveError.TechnicalError(reason: "the sheet returned another kind of credential")
        }
        _ = try await api.send(
            "POST", "/identity/v1/webauthn/registration", query: [("origin", request.origin)], rawBody: Self.wire(credential),
            auth: authToken)
    }

    public func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.registerNewPasskey(withRequest: request, authToken: authToken) }
    }

    // MARK: pieces

    var appleProvider: ProviderConfig? { providers.first { $0.provider == "apple" || $0.provider.hasPrefix("apple:") } }

    private func appleRequest(nonce: String) throws -> AppleIDRequest {
        guard let apple = appleProvider, let clientId = apple.clientId else {
            throw ReachFiveError.TechnicalError(reason: ReachFiveError.noAppleProviderReason)
        }
        var scopes: [AppleIDRequest.Scope] = []
        if apple.scope?.contains("email") == true { scopes.append(.email) }
        if apple.scope?.contains("name") == true { scopes.append(.fullName) }
        return AppleIDRequest(clientId: clientId, scopes: scopes, nonce: nonce)
    }

    private func assertionOptions(origin: String, scopes requested: [String]?, username: Username?) async throws
        -> PublicKeyCredentialRequestOptionsJSON
    {
        var email: String?
        var phone: String?
        switch username {
        case .Unspecified(let s)?: if s.contains("@") { email = s } else { phone = s }
        case .Email(let s)?: email = s
        case .PhoneNumber(let s)?: phone = s
        case nil: break
        }
        let json = try await api.json(
            "POST", "/identity/v1/webauthn/authentication-options",
            body: AuthenticationOptionsRequest(
                clientId: sdkConfig.clientId, origin: origin, scope: scopes(requested), email: email, phoneNumber: phone))
        guard case .object(var publicKey)? = json["public_key"] else {
            throw ReachFiveError.TechnicalError(reason: "keyNotFound: public_key")
        }
        // The modal login ignores allow_credentials (it is a discoverable request).
        if username == nil { publicKey["allow_credentials"] = nil }
        do {
            return try WebAuthnJSON.decode(
                PublicKeyCredentialRequestOptionsJSON.self,
                from: Array(JSONText.serialize(JSONKeyCase.camelCased(.object(publicKey))).utf8))
        } catch { throw ReachFiveError.TechnicalError(reason: "the authentication options do not decode: \(error)") }
    }

    static func creationOptions(_ publicKey: JSONValue, userName: String) throws -> PublicKeyCredentialCreationOptionsJSON {
        do {
            return try WebAuthnJSON.decode(
                PublicKeyCredentialCreationOptionsJSON.self, from: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8))
        } catch { throw ReachFiveError.TechnicalError(reason: "the registration options do not decode: \(error)") }
    }

    private func finishPasskeyLogin(_ assertion: AuthenticationResponseJSON, scopes: [String]?, origin: String?) async throws -> AuthToken {
        var response: [String: JSONValue] = [
            "authenticator_data": .string(Base64URL.encode(assertion.response.authenticatorData.bytes)),
            "client_data_json": .string(Base64URL.encode(assertion.response.clientDataJSON.bytes)),
            "signature": .string(Base64URL.encode(assertion.response.signature.bytes)),
        ]
        if let handle = assertion.response.userHandle { response["user_handle"] = .string(Base64URL.encode(handle.bytes)) }
        let body: JSONValue = .object([
            "id": .string(assertion.id), "raw_id": .string(Base64URL.encode(assertion.rawId.bytes)),
            "type": "public-key", "response": .object(response),
        ])
        let tkn = try await api.decode(Tkn.self, "POST", "/identity/v1/webauthn/authentication", rawBody: body)
        return try await loginCallback(tkn: tkn.tkn, scopes: scopes, origin: origin)
    }

    static func wire(_ credential: RegistrationResponseJSON) -> JSONValue {
        .object([
            "id": .string(credential.id), "raw_id": .string(Base64URL.encode(credential.rawId.bytes)), "type": "public-key",
            "response": .object([
                "attestation_object": .string(Base64URL.encode(credential.response.attestationObject.bytes)),
                "client_data_json": .string(Base64URL.encode(credential.response.clientDataJSON.bytes)),
            ]),
        ])
    }

    /// Runs the sheet off the cooperative pool (it blocks while its user decides) and maps its
    /// errors as the SDK does: `canceled` → `AuthCanceled`; another code → `TechnicalError`;
    /// the calling task cancelled → `TechnicalError`, deliberately not `AuthCanceled`.
    static func perform(_ batch: [AuthorizationRequest], mode: DisplayMode, origin: String, presentation: HeadlessPresentation) async throws
        -> AuthorizationResult
    {
        if Task.isCancelled { throw ReachFiveError.TechnicalError(reason: "The calling task was canceled") }
        let result: Result<AuthorizationResult, AuthorizationError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result { () throws(AuthorizationError) in
                        try presentation.picker.perform(
                            batch, mode: mode, origin: origin, user: presentation.user, anchor: presentation.anchor)
                    })
            }
        }
        if Task.isCancelled { throw ReachFiveError.TechnicalError(reason: "The calling task was canceled") }
        switch result {
        case .success(let r): return r
        case .failure(let e) where e.code == .canceled: throw ReachFiveError.AuthCanceled
        case .failure(let e): throw ReachFiveError.TechnicalError(reason: "ASAuthorizationError \(e.code.rawValue): \(e.message)")
        }
    }
}
