import Hummingbird

/// Every `/identity/v1/webauthn/*` route: passkey signup, login, registration while signed in
/// (list, delete) and reset by account recovery. Each handler decodes its typed body, calls one
/// ``Passkeys`` method and encodes its typed answer; the rules live in the service.
struct WebAuthnRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        addSignupRoutes(to: router)
        addLoginRoutes(to: router)
        addRegistrationRoutes(to: router)
        addResetRoutes(to: router)
    }

    /// What a finished passkey signup or login answers: the `tkn` `/oauth/authorize` exchanges.
    struct TknResponse: Codable, Sendable {
        var tkn: String
    }
}
