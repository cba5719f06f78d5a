import Encoding
import Foundation
import Picker
import WebAuthn

/// What the native flows share: the sheet (the picker, run off the cooperative pool), the
/// WebAuthn options read from the server, and the credentials sent back (docs/design/reachfive-protocol.md §7–§9).
extension ReachFive {
    /// Authentication options as the server sent them (`json`, `allow_credentials` kept) and
    /// as a discoverable request (the modal and auto-fill logins let the user pick).
    struct AssertionOptions {
        let json: PublicKeyCredentialRequestOptionsJSON
        let discoverable: PublicKeyCredentialRequestOptionsJSON
    }

    func assertionOptions(_ request: WebAuthnLoginRequest) async throws -> AssertionOptions {
        let json = try await reachFiveApi.authenticationOptionsJSON(request)
        guard case .object(var publicKey)? = json["public_key"] else {
            throw ReachFiveError.TechnicalError(reason: "keyNotFound: public_key")
        }
        let restricted = try Self.decodeOptions(PublicKeyCredentialRequestOptionsJSON.self, .object(publicKey), "authentication")
        publicKey["allow_credentials"] = nil
        let discoverable = try Self.decodeOptions(PublicKeyCredentialRequestOptionsJSON.self, .object(publicKey), "authentication")
        return AssertionOptions(json: restricted, discoverable: discoverable)
    }

    /// Registration options (`signup-options`, `registration-options`, `reset-options` all answer
    /// `{friendly_name, options: {public_key}}`) and the user handle they name.
    func registrationOptions(_ answer: JSONValue) throws -> (options: PublicKeyCredentialCreationOptionsJSON, webauthnId: String) {
        guard let publicKey = answer["options"]?["public_key"], let webauthnId = publicKey["user"]?["id"]?.stringValue else {
            throw ReachFiveError.TechnicalError(reason: "keyNotFound: options.public_key.user.id")
        }
        return (try Self.decodeOptions(PublicKeyCredentialCreationOptionsJSON.self, publicKey, "registration"), webauthnId)
    }

    private static func decodeOptions<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ kind: String) throws -> T {
        do {
            return try WebAuthnJSON.decode(type, from: Array(JSONText.serialize(JSONKeyCase.camelCased(value)).utf8))
        } catch { throw ReachFiveError.TechnicalError(reason: "the \(kind) options do not decode: \(error)") }
    }

    /// Runs a registration on the sheet and returns the credential in the SDK's form.
    func register(_ options: PublicKeyCredentialCreationOptionsJSON, origin: String, presentation: HeadlessPresentation) async throws
        -> RegistrationPublicKeyCredential
    {
        guard
            case .passkeyRegistration(let credential) = try await credentialManager.perform(
                [.passkeyRegistration(options)], mode: .always, origin: origin, presentation: presentation)
        else { throw ReachFiveError.TechnicalError(reason: "didCompleteWithAuthorization: expected a passkey registration") }
        let id = Base64URL.encode(credential.rawId.bytes)
        return RegistrationPublicKeyCredential(
            id: id, rawId: id, type: "public-key",
            response: R5AuthenticatorAttestationResponse(
                attestationObject: Base64URL.encode(credential.response.attestationObject.bytes),
                clientDataJSON: Base64URL.encode(credential.response.clientDataJSON.bytes)))
    }

    /// Sends an assertion to `/webauthn/authentication` and exchanges its tkn for tokens.
    func authenticate(_ assertion: AuthenticationResponseJSON, scopes: [String], origin: String?) async throws -> AuthToken {
        let id = Base64URL.encode(assertion.rawId.bytes)
        let credential = AuthenticationPublicKeyCredential(
            id: id, rawId: id, type: "public-key",
            response: R5AuthenticatorAssertionResponse(
                authenticatorData: Base64URL.encode(assertion.response.authenticatorData.bytes),
                clientDataJSON: Base64URL.encode(assertion.response.clientDataJSON.bytes),
                signature: Base64URL.encode(assertion.response.signature.bytes),
                userHandle: assertion.response.userHandle.map { Base64URL.encode($0.bytes) }))
        let token = try await reachFiveApi.authenticate(credential, as: PasskeyLoginAnswer.self)
        // An account with a second factor answers a step-up token in place of the tkn; the SDK's
        // passkey login has no step-up, so it ends here, saying why, rather than at /oauth/authorize.
        guard token.mfaRequired != true else {
            throw ReachFiveError.AuthFailure(reason: "mfa_required: this account's logins need a second factor (MFA step-up)")
        }
        return try await loginCallback(tkn: token.tkn, scopes: scopes, origin: origin)
    }

    /// `/webauthn/authentication`'s answer: the tkn, or a step-up token with `mfa_required`.
    private struct PasskeyLoginAnswer: Decodable {
        let tkn: String
        let mfaRequired: Bool?
    }

    // MARK: Sign in with Apple

    var appleProvider: ProviderConfig? { providers.first { $0.provider == "apple" || $0.provider.hasPrefix("apple:") } }

    func appleRequest(nonce: String) throws -> AppleIDRequest {
        guard let apple = appleProvider, let clientId = apple.clientId else {
            throw ReachFiveError.TechnicalError(reason: ReachFiveError.noAppleProviderReason)
        }
        var scopes: [AppleIDRequest.Scope] = []
        if apple.scope?.contains("email") == true { scopes.append(.email) }
        if apple.scope?.contains("name") == true { scopes.append(.fullName) }
        return AppleIDRequest(clientId: clientId, scopes: scopes, nonce: nonce)
    }

    func loginWithApple(_ apple: AppleIDCredential, pkce: PKCE, scopes: [String], origin: String?) async throws -> AuthToken {
        let names = apple.fullName?.split(separator: " ", maxSplits: 1).map(String.init) ?? []
        return try await login(
            withProvider: appleProvider?.providerWithVariant ?? "apple", idToken: apple.identityToken,
            nonce: Pkce(codeVerifier: pkce.verifier), scope: scopes, origin: origin, givenName: names.first,
            familyName: names.count > 1 ? names[1] : nil)
    }
}
