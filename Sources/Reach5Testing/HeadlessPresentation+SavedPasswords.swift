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
    ///
    /// It is saved for the server's own origin too (its hosted login page), as a ReachFive app's
    /// associated domain is its ReachFive domain: a web login (`webviewLogin`) finds it there
    /// as Safari's AutoFill would.
    public func savePassword(_ password: String, username: String, for sdkConfig: SdkConfig) throws {
        _ = try vault.add(.password(PasswordItem(domain: sdkConfig.originWebAuthn, username: username, password: password)))
        let server = sdkConfig.baseURL
        let web = "\(server.scheme ?? "https")://\(server.host ?? "")\(server.port.map { ":\($0)" } ?? "")"
        if web != sdkConfig.originWebAuthn {
            _ = try vault.add(.password(PasswordItem(domain: web, username: username, password: password)))
        }
    }
}
