import Foundation
import Reach5

extension HeadlessPresentation {
    /// The person reads the codes web pages send them in `server`'s outbox: the newest code sent
    /// to the identifier they signed in with (a passwordless code, a second factor's at that
    /// address), waiting for it as a person waits for the email.
    ///
    /// ```swift
    /// window.readCodes(from: server)
    /// window.webLogin = .passwordless(identifier: "ada@example.com")
    /// let token = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
    /// ```
    public func readCodes(from server: LocalIdentityServer) {
        let emulator = server.emulator
        readCode = { identifier in try await emulator.latestCode(to: identifier) }
    }
}
