import Foundation
import Picker
import Vault

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HeadlessBrowser {
    /// On the server's hosted login page: the presentation's person signs in as
    /// ``HeadlessPresentation/webLogin`` says (by default a password the keychain offers for the
    /// page, as Safari's AutoFill does), follows a provider's link, or closes the sheet; on its
    /// code steps (a passwordless code, a second factor) they type the code
    /// ``HeadlessPresentation/readCode`` reads.
    func logIn(on page: ReachFiveTransport.Page, _ html: HTMLForms, typed: inout String?) async throws -> URLRequest {
        func form(_ name: String) throws -> HTMLForms.Form {
            guard let form = html.forms.first(where: { $0.attributes["data-form"] == name }) else {
                throw ReachFiveError.TechnicalError(reason: "The login page at \(page.url.path) has no \(name) form")
            }
            return form
        }
        let choice = presentation.webLogin ?? .following(presentation.user)
        switch html.meta["latchkey-step"] {
        case "passwordless-code"?:
            let codeForm = try form("passwordless-code")
            let target = codeForm.attributes["data-target"] ?? ""
            return try submit(codeForm, on: page, filling: ["code": try await code(sentTo: target)])
        case "mfa"?:
            // The page names the factor masked: the person reads it where their login's identifier
            // receives it.
            return try submit(try form("mfa-code"), on: page, filling: ["code": try await code(sentTo: typed ?? "")])
        default:
            break
        }
        switch choice {
        case .cancel:
            throw ReachFiveError.AuthCanceled
        case .password(let identifier, let password):
            typed = identifier
            return try submit(try form("password"), on: page, filling: ["identifier": identifier, "password": password])
        case .passwordless(let identifier):
            typed = identifier
            return try submit(try form("passwordless-start"), on: page, filling: ["identifier": identifier])
        case .savedPassword:
            let saved = try savedPassword(for: page, choice)
            typed = saved.username
            return try submit(try form("password"), on: page, filling: ["identifier": saved.username, "password": saved.password])
        case .provider(let name):
            guard let link = html.links.first(where: { $0["data-provider"] == name }), let href = link["href"],
                let target = URL(string: href, relativeTo: page.url)?.absoluteURL
            else {
                throw ReachFiveError.TechnicalError(reason: "The login page offers no \(name) login")
            }
            return URLRequest(url: target)
        }
    }

    /// The password the keychain offers on `page` (the one of the choice's username, or the first).
    private func savedPassword(for page: ReachFiveTransport.Page, _ choice: WebLoginChoice) throws -> PasswordItem {
        let origin = Self.origin(of: page.url)
        let offered: [PasswordItem]
        do {
            offered = try presentation.picker.autofillPasswords(
                scheme: page.url.scheme ?? "https", host: page.url.host ?? "", port: page.url.port)
        } catch {
            throw ReachFiveError.TechnicalError(reason: "The keychain's passwords for \(origin) could not be read: \(error)")
        }
        let username: String? = if case .savedPassword(let name) = choice { name } else { nil }
        guard let saved = offered.first(where: { username == nil || $0.username == username }) else {
            throw ReachFiveError.TechnicalError(
                reason: "The keychain has no saved password\(username.map { " for \($0)" } ?? "") on \(origin): save one "
                    + "(savePassword) or set the presentation's webLogin")
        }
        return saved
    }

    private func code(sentTo target: String) async throws -> String {
        guard let read = presentation.readCode else {
            throw ReachFiveError.TechnicalError(
                reason: "The login page asks for a code sent to \(target.isEmpty ? "the person" : target): set the presentation's readCode")
        }
        return try await read(target)
    }
}
