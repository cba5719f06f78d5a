import Picker

/// Who the presentation's person signs in as when a web session reaches a social provider's
/// page (an emulated provider's chooser, as the Firebase Auth Emulator's sign-in page offers).
public enum ProviderIdentityChoice: Sendable, Equatable {
    /// The identity of this email; added on the page when the provider has none (its email
    /// verified by the provider unless `verified` is false).
    case email(String, verified: Bool = true, name: String? = nil)
    /// The first identity the page lists.
    case first
    /// The person closes the browser sheet: the SDK's `AuthCanceled`.
    case cancel

    /// What a presentation's person does when no choice was set: their policy's answer (`cancel`
    /// cancels, `user:EMAIL` is that identity, anything else the first one listed).
    static func following(_ user: UserDriver) -> ProviderIdentityChoice {
        switch (user as? PolicyUserDriver)?.policy {
        case .cancel?: return .cancel
        case .user(let name)?: return .email(name)
        default: return .first
        }
    }
}
