import Picker

/// What the presentation's person does on the server's hosted login page, when a web session
/// (`webviewLogin`, `LoginWKWebview`) reaches it without an SSO session.
public enum WebLoginChoice: Sendable, Equatable {
    /// Signs in with a password saved in the presentation's keychain for the page's site, as
    /// Safari's AutoFill offers it: the one of `username`, or the first offered.
    case savedPassword(username: String? = nil)
    /// Types an identifier (email, phone number or custom identifier) and a password.
    case password(identifier: String, password: String)
    /// Asks for a sign-in code sent to this email or phone number, then types it (the
    /// presentation's ``HeadlessPresentation/readCode`` reads it where it arrived).
    case passwordless(identifier: String)
    /// Follows the page's link to this social provider (`google`, …); on its page the person
    /// then acts as the presentation's ``HeadlessPresentation/providerIdentity`` says.
    case provider(String)
    /// Closes the browser sheet: the SDK's `AuthCanceled`.
    case cancel

    /// What a presentation's person does when no choice was set: their policy's answer (`cancel`
    /// cancels, `user:NAME` is that saved password, anything else the first saved password).
    static func following(_ user: UserDriver) -> WebLoginChoice {
        switch (user as? PolicyUserDriver)?.policy {
        case .cancel?: return .cancel
        case .user(let name)?: return .savedPassword(username: name)
        default: return .savedPassword()
        }
    }
}
