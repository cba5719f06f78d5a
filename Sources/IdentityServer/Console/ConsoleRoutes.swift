import Encoding
import Foundation
import Hummingbird
import NIOCore

/// The emulator's web console, served with the emulator API: `/` (accounts) and `/console/…`.
/// Pages are GETs; everything that changes state is a POST form that must come from the
/// console itself (see ConsoleForm), answered with 303 back to a page.
struct ConsoleRoutes {
    let site: ConsoleSite

    /// Paths the console owns (kept out of the API request journal), as RoutePath normalizes them.
    static func owns(_ path: String) -> Bool { path == "/" || path == "/favicon.ico" || path.hasPrefix("/console/") }

    /// What a browser asks for whether or not the console is on: its icon, and with the console
    /// off, `/` and its stylesheet (a page that says how to turn the console on).
    static func addAlwaysOnRoutes(to routes: PolicyRouter, consoleOn: Bool) {
        routes.anonymous(.get, "/favicon.ico") { _, _ in
            var response = ConsolePage.html("", type: "image/x-icon")
            response.body = .init(byteBuffer: ByteBuffer(bytes: PackageResources.favicon_ico))
            response.headers[.cacheControl] = "public, max-age=86400"
            return response
        }
        guard !consoleOn else { return }
        routes.anonymous(.get, "/") { _, _ in ConsoleOffPage.render() }
        routes.anonymous(.get, "/console/console.css") { _, _ in ConsolePage.html(ConsoleAssets.css, type: "text/css; charset=utf-8") }
    }

    func addRoutes(to routes: PolicyRouter) {
        let console = site.console
        routes.emulator(.get, "/") { request, _ in try await AccountsPage.render(request, site: site) }
        routes.emulator(.get, "/console/accounts/:id") { _, context in
            try await AccountPage.render(id: try context.parameters.require("id"), site: site)
        }
        routes.emulator(.get, "/console/outbox") { request, _ in try await OutboxPage.render(request, site: site) }
        routes.emulator(.get, "/console/tokens") { _, _ in TokensPage.render(token: nil, site: site) }
        routes.emulator(.get, "/console/requests") { request, _ in RequestsPage.render(request, site: site) }
        routes.emulator(.get, "/console/settings") { _, _ in SettingsPage.render(site: site) }
        routes.emulator(.get, "/console/providers") { _, _ in try await ProvidersPage.render(site: site) }
        routes.emulator(.get, "/console/sessions") { _, _ in try await SessionsPage.render(site: site) }
        routes.emulator(.get, "/console/console.css") { _, _ in ConsolePage.html(ConsoleAssets.css, type: "text/css; charset=utf-8") }
        routes.emulator(.get, "/console/console.js") { _, _ in ConsolePage.html(ConsoleAssets.js, type: "text/javascript; charset=utf-8") }

        routes.emulator(.post, "/console/tokens") { request, _ in
            try await form(PastedTokenForm.self, request) { form in TokensPage.render(token: form.token?.text, site: site) }
        }
        routes.emulator(.post, "/console/reset") { request, _ in
            try await form(TokenOnlyForm.self, request) { _ in
                try await console.reset()
                return ConsolePage.seeOther("/")
            }
        }
        routes.emulator(.post, "/console/sessions/delete") { request, _ in
            try await form(SessionDeleteForm.self, request) { form in
                guard let id = form.session, try await console.endWebSession(id: id) else {
                    return ConsolePage.message(
                        "Session not found", "There is no session with this id.", back: "/console/sessions", status: .notFound, site: site)
                }
                return ConsolePage.seeOther("/console/sessions")
            }
        }
        routes.emulator(.post, "/console/accounts/:id/delete") { request, context in
            let id = try context.parameters.require("id")
            return try await form(TokenOnlyForm.self, request) { _ in
                guard try await console.deleteAccount(id: id) else {
                    return ConsolePage.message("Account not found", "There is no account with this id.", status: .notFound, site: site)
                }
                return ConsolePage.seeOther("/")
            }
        }
        routes.emulator(.post, "/console/accounts/:id/passkeys/delete") { request, context in
            let id = try context.parameters.require("id")
            return try await form(PasskeyDeleteForm.self, request) { form in
                guard let credential = form.credential.flatMap(Base64URL.decode),
                    try await console.deletePasskey(id: credential, accountId: id)
                else {
                    return ConsolePage.message(
                        "Passkey not found", "This account has no passkey with that id.", back: "/console/accounts/\(id)",
                        status: .notFound, site: site)
                }
                return ConsolePage.seeOther("/console/accounts/\(id)")
            }
        }
        let mfa = site.mfa
        routes.emulator(.post, "/console/accounts/:id/mfa/credentials/delete") { request, context in
            let id = try context.parameters.require("id")
            return try await form(MfaCredentialDeleteForm.self, request) { form in
                guard let type = form.type.flatMap(MfaFactor.init(rawValue:)), let target = form.target,
                    try await mfa.deleteCredential(accountId: id, type: type, target: target)
                else {
                    return ConsolePage.message(
                        "Second factor not found", "This account has no such second factor.", back: "/console/accounts/\(id)",
                        status: .notFound, site: site)
                }
                return ConsolePage.seeOther("/console/accounts/\(id)")
            }
        }
        routes.emulator(.post, "/console/accounts/:id/mfa/trusted-devices/delete") { request, context in
            let id = try context.parameters.require("id")
            return try await form(TrustedDeviceDeleteForm.self, request) { form in
                guard let device = form.device, try await mfa.deleteTrustedDevice(id: device, accountId: id) else {
                    return ConsolePage.message(
                        "Trusted device not found", "This account trusts no device with that id.", back: "/console/accounts/\(id)",
                        status: .notFound, site: site)
                }
                return ConsolePage.seeOther("/console/accounts/\(id)")
            }
        }
        routes.emulator(.post, "/console/clock") { request, _ in
            try await form(ClockForm.self, request) { form in
                guard let seconds = form.advanceSeconds else {
                    return ConsolePage.message(
                        "Not advanced", "Advance by a whole number of seconds from 1 to 10 years.", back: "/console/settings",
                        status: .badRequest, site: site)
                }
                site.clock.advance(seconds: TimeInterval(seconds))
                return ConsolePage.seeOther("/console/settings")
            }
        }
        routes.emulator(.post, "/console/faults/clear") { request, _ in
            try await form(TokenOnlyForm.self, request) { _ in
                site.faults.clear()
                return ConsolePage.seeOther("/console/settings")
            }
        }
    }

    /// Reads, checks and decodes the posted form, then runs `action`; a refused form is a 403
    /// (cross-site or without the console's token) or a 400 (malformed), as a page.
    private func form<Form: Decodable>(
        _ type: Form.Type, _ request: Request, _ action: (Form) async throws -> Response
    ) async throws -> Response {
        let form: Form
        do { form = try await ConsoleForm.read(type, from: request, token: site.consoleToken, names: site.serverNames) } catch let refusal
            as ConsoleForm.Refusal
        {
            switch refusal {
            case .crossSite:
                return ConsolePage.message(
                    "Refused", "This form was posted from another site. Use the console's own pages.", status: .forbidden, site: site)
            case .missingToken:
                return ConsolePage.message(
                    "Refused",
                    "This form lacks the console's token (the page may be from an earlier run of the server). Reload it and try again.",
                    status: .forbidden, site: site)
            case .malformed(let why):
                return ConsolePage.message(
                    "Bad form", "The form could not be read: \(ConsoleText.visible(why)).", status: .badRequest, site: site)
            }
        }
        return try await action(form)
    }
}
