import Hummingbird

/// Every `/identity/v1/webauthn/*` route: passkey signup, login, registration while signed in
/// (list, delete) and reset by account recovery. Each handler decodes its typed body, calls one
/// ``Passkeys`` method and encodes its typed answer; the rules live in the service.
struct WebAuthnRoutes {
    let passkeys: Passkeys

    func addRoutes(to routes: PolicyRouter) {
        addSignupRoutes(to: routes)
        addLoginRoutes(to: routes)
        addRegistrationRoutes(to: routes)
        addResetRoutes(to: routes)
    }
}
