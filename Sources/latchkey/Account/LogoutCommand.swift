import ArgumentParser
import Foundation
import Picker
import Reach5

/// `latchkey logout`: revokes the session's tokens, ends the browser's SSO session (the hosted
/// login page's cookie kept in the vault), logs out, and forgets the session.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Revoke the session's tokens and remove the session from the vault.",
        discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions

    func run() async throws {
        let vault = try account.vaultOptions.open()
        guard let saved = try vaultOperation({ try vault.session(server: account.serverURL, clientId: account.clientId) }) else {
            Console.out("not signed in")
            return
        }
        let r5 = account.reachFive()
        let token = saved.item.authToken
        // The web logout visits the server in the vault's browser, whose SSO cookie it ends.
        let browser = try HeadlessPresentation(vault: vault, user: PolicyUserDriver(.cancel))
        try await account.wait {
            try await r5.logout(webSessionLogout: WebSessionLogoutRequest(presentationContextProvider: browser), revoke: token)
        }
        try vaultOperation { try vault.remove(id: saved.id) }
        Console.out("logged out")
    }
}
