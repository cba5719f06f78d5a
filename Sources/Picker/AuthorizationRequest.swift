import WebAuthn

/// One request in a batch, as `ASAuthorizationController` receives them.
public enum AuthorizationRequest: Sendable {
    /// A platform passkey assertion; `allowCredentials` in the options restricts it.
    case passkeyAssertion(PublicKeyCredentialRequestOptionsJSON)
    /// A saved password for the origin's domain.
    case password
    /// Sign in with Apple.
    case appleID(AppleIDRequest)
    /// A passkey registration; `excludeCredentials` in the options is honoured.
    case passkeyRegistration(PublicKeyCredentialCreationOptionsJSON)

    public var kindName: String {
        switch self {
        case .passkeyAssertion: return "passkey"
        case .password: return "password"
        case .appleID: return "apple"
        case .passkeyRegistration: return "passkey-registration"
        }
    }
}

public struct AppleIDRequest: Sendable, Equatable {
    public enum Scope: String, Sendable { case email, fullName }
    /// The RP's Services ID (the token's `aud`).
    public var clientId: String
    public var scopes: [Scope]
    /// Put into the identity token as `nonce` (ReachFive sends a PKCE challenge here).
    public var nonce: String?
    public init(clientId: String, scopes: [Scope] = [.email, .fullName], nonce: String? = nil) {
        self.clientId = clientId
        self.scopes = scopes
        self.nonce = nonce
    }
}

/// How the request is performed.
public enum DisplayMode: String, Sendable, CaseIterable {
    /// `performRequests()`: show a sheet, with fallbacks (nearby device, Apple sign-up).
    case always
    /// `performRequests(options: .preferImmediatelyAvailableCredentials)`: no UI at all unless a
    /// local credential matches; otherwise `canceled` at once.
    case ifImmediatelyAvailableCredentials = "immediate"
    /// `performAutoFillAssistedRequests()`: platform passkey assertions only, offered as suggestions.
    case autoFill = "autofill"
}

/// What the user ended up with.
public enum AuthorizationResult: Sendable {
    case passkeyAssertion(AuthenticationResponseJSON)
    case passkeyRegistration(RegistrationResponseJSON)
    case password(username: String, password: String)
    case appleID(AppleIDCredential)
}

public struct AppleIDCredential: Sendable, Equatable, Codable {
    public var user: String
    public var email: String?
    public var fullName: String?
    public var identityToken: String
    public var authorizationCode: String
}
