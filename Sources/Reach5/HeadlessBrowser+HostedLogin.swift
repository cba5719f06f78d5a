import Foundation
import Picker
import Vault

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HeadlessBrowser {
    /// On the server's hosted login page: the presentation's person signs in as
    /// ``HeadlessPresentation/webLogin`` says (by default a password the keychain offers for the
    /// page, as Safari's AutoFill does), follows a provider's link, or closes the sheet.
    func logIn(on page: ReachFiveTransport.Page, _ html: HTMLForms) throws -> URLRequest {
        let choice = presentation.webLogin ?? .following(presentation.user)
        func passwordForm() throws -> HTMLForms.Form {
            guard let form = html.forms.first(where: { $0.attributes["data-form"] == "password" }) else {
                throw ReachFiveError.TechnicalError(reason: "The login page at \(page.url.path) has no password form")
            }
            return form
        }
        switch choice {
        case .cancel:
            throw ReachFiveError.AuthCanceled
        case .password(let identifier, let password):
            return try submit(try passwordForm(), on: page, filling: ["identifier": identifier, "password": password])
        case .savedPassword(let username):
            let origin = Self.origin(of: page.url)
            let offered: [PasswordItem]
            do {
                offered = try presentation.picker.autofillPasswords(
                    scheme: page.url.scheme ?? "https", host: page.url.host ?? "", port: page.url.port)
            } catch {
                throw ReachFiveError.TechnicalError(reason: "The keychain's passwords for \(origin) could not be read: \(error)")
            }
            guard let saved = offered.first(where: { username == nil || $0.username == username }) else {
                throw ReachFiveError.TechnicalError(
                    reason: "The keychain has no saved password\(username.map { " for \($0)" } ?? "") on \(origin): save one "
                        + "(savePassword) or set the presentation's webLogin")
            }
            return try submit(try passwordForm(), on: page, filling: ["identifier": saved.username, "password": saved.password])
        case .provider(let name):
            guard let link = html.links.first(where: { $0["data-provider"] == name }), let href = link["href"],
                let target = URL(string: href, relativeTo: page.url)?.absoluteURL
            else {
                throw ReachFiveError.TechnicalError(reason: "The login page offers no \(name) login")
            }
            return URLRequest(url: target)
        }
    }
}
