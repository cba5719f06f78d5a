import Foundation
import Picker
import WebAuthn

/// The logins through the sheet: modal (passkey, password, Apple), non-discoverable (passkey for
/// one identifier) and auto-fill (passkey suggestions), as ReachFiveNative.swift declares them.
extension ReachFive {
    /// Signs in with a credential the keychain holds, chosen on a modal sheet: one request per
    /// kind, in the caller's order (a kind whose preparation fails is dropped when another
    /// survives), then the login the picked credential calls for. `.OngoingStepUp` can only come
    /// from a password.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func login(
        withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization], display mode: Mode
    ) async throws -> LoginFlow {
        let resolved = try resolve(request)
        var batch: [AuthorizationRequest] = []
        var firstDropped: Error?
        let applePKCE = PKCE()
        for type in requestTypes {
            do {
                switch type {
                case .Password: batch.append(.password)
                case .SignInWithApple: batch.append(.appleID(try appleRequest(nonce: applePKCE.challenge)))
                case .Passkey:
                    let options = try await assertionOptions(
                        WebAuthnLoginRequest(
                            clientId: sdkConfig.clientId, origin: resolved.originWebAuthn, scope: resolved.scopes))
                    batch.append(.passkeyAssertion(options.discoverable))
                }
            } catch {
                firstDropped = firstDropped ?? error
            }
        }
        if batch.isEmpty, let firstDropped { throw firstDropped }
        switch try await credentialManager.perform(
            batch, mode: mode.displayMode, origin: resolved.originWebAuthn, presentation: resolved.presenting)
        {
        case .password(let username, let password):
            // No custom identifier: "@" makes an email, anything else a phone number.
            let (email, phoneNumber) = Username.Unspecified(username).identifiers
            return Self.loginFlow(
                try await loginWithPassword(
                    email: email, phoneNumber: phoneNumber, password: password, scope: resolved.scopes, origin: resolved.origin))
        case .passkeyAssertion(let assertion):
            return .AchievedLogin(authToken: try await authenticate(assertion, scopes: resolved.scopes, origin: resolved.origin))
        case .appleID(let apple):
            return .AchievedLogin(
                authToken: try await loginWithApple(apple, pkce: applePKCE, scopes: resolved.scopes, origin: resolved.origin))
        case .passkeyRegistration:
            throw ReachFiveError.TechnicalError(reason: "didCompleteWithAuthorization: a registration answered a login")
        }
    }

    /// Signs in with a passkey of the account `username` names (the server lists the allowed
    /// credentials).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func login(
        withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
        usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
    ) async throws -> AuthToken {
        guard !requestTypes.isEmpty else { throw Self.noRequest }
        let resolved = try resolve(request)
        let options = try await assertionOptions(
            WebAuthnLoginRequest(
                clientId: sdkConfig.clientId, origin: resolved.originWebAuthn, username: username, scope: resolved.scopes))
        guard let allowed = options.json.allowCredentials, !allowed.isEmpty else {
            throw ReachFiveError.AuthFailure(reason: "no allowCredentials returned")
        }
        let batch = requestTypes.map { _ in AuthorizationRequest.passkeyAssertion(options.json) }
        guard
            case .passkeyAssertion(let assertion) = try await credentialManager.perform(
                batch, mode: mode.displayMode, origin: resolved.originWebAuthn, presentation: resolved.presenting)
        else { throw ReachFiveError.TechnicalError(reason: "didCompleteWithAuthorization: expected a WebAuthn assertion") }
        return try await authenticate(assertion, scopes: resolved.scopes, origin: resolved.origin)
    }

    /// Offers the keychain's passkeys as suggestions (the picker's auto-fill mode): no sheet; the
    /// login ends when the user picks one, or in `AuthCanceled` when a modal request supersedes it
    /// on the same presentation.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func beginAutoFillAssistedPasskeyLogin(withRequest request: NativeLoginRequest) async throws -> AuthToken {
        let resolved = try resolve(request)
        let options = try await assertionOptions(
            WebAuthnLoginRequest(
                clientId: sdkConfig.clientId, origin: resolved.originWebAuthn, scope: resolved.scopes))
        guard
            case .passkeyAssertion(let assertion) = try await credentialManager.perform(
                [.passkeyAssertion(options.discoverable)], mode: .autoFill, origin: resolved.originWebAuthn,
                presentation: resolved.presenting)
        else { throw ReachFiveError.TechnicalError(reason: "didCompleteWithAuthorization: expected a WebAuthn assertion") }
        return try await authenticate(assertion, scopes: resolved.scopes, origin: resolved.origin)
    }

    /// The origin a passkey request must carry: the override, or `SdkConfig.originWebAuthn`. An
    /// override is normalized as `SdkConfig`'s `originWebAuthn:` is (its serialized origin: scheme, lower-case ASCII host, non-default port).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func originWebAuthn(overriddenBy override: String? = nil) throws -> String {
        guard let override else { return sdkConfig.originWebAuthn }
        guard let origin = URL(string: override)?.serializedOrigin else {
            throw ReachFiveError.TechnicalError(
                reason: "'\(override)' is not a valid WebAuthn origin: it must be an absolute URL with a scheme and a host, "
                    + "e.g. https://auth.example.com. Leave the request's originWebAuthn unset to use the one configured on SdkConfig.")
        }
        return origin
    }

    /// A native login request with the SDK's defaults filled in.
    struct ResolvedNativeLoginRequest {
        let presenting: HeadlessPresentation
        let originWebAuthn: String
        let scopes: [String]
        let origin: String?
    }

    func resolve(_ request: NativeLoginRequest) throws -> ResolvedNativeLoginRequest {
        ResolvedNativeLoginRequest(
            presenting: request.anchor, originWebAuthn: try originWebAuthn(overriddenBy: request.originWebAuthn),
            scopes: request.scopes ?? scope, origin: request.origin)
    }

    static let noRequest = ReachFiveError.TechnicalError(reason: "No authorization request to perform")

    /// A password login's result as a `LoginFlow`, whichever form `loginWithPassword` answers in.
    static func loginFlow(_ flow: LoginFlow) -> LoginFlow { flow }
    static func loginFlow(_ token: AuthToken) -> LoginFlow { .AchievedLogin(authToken: token) }
}

extension Mode {
    var displayMode: DisplayMode {
        switch self {
        case .Always: .always
        case .IfImmediatelyAvailableCredentials: .ifImmediatelyAvailableCredentials
        }
    }
}
