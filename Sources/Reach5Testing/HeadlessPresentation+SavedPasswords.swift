import Foundation
import Reach5
import Vault

extension HeadlessPresentation {
    /// Saves `password` for `username` in this presentation's keychain where the sheet offers it
    /// to an app configured with `sdkConfig`: at its WebAuthn origin (`originWebAuthn`, host and
    /// port), as the phone's keychain holds a password saved on the app's associated domain.
    ///
    /// A modal login that asks for `.Password` then finds it, as a person's saved password:
    /// ```swift
    /// try window.savePassword("correct horse battery staple", username: "ada@example.com", for: reachfive.sdkConfig)
    /// let flow = try await reachfive.login(
    ///     withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.Password], display: .Always)
    /// ```
    /// The username is what the sheet hands back: an email address, a phone number in E.164 form,
    /// or a custom identifier.
    public func savePassword(_ password: String, username: String, for sdkConfig: SdkConfig) throws {
        _ = try vault.add(.password(PasswordItem(domain: sdkConfig.originWebAuthn, username: username, password: password)))
    }
}
