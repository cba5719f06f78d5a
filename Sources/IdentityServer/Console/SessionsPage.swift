import Foundation
import Hummingbird
import Mustache

/// `/console/sessions`: the hosted login page's SSO sessions (whose browser, how it logged in,
/// when, until when), each with a form that ends it.
enum SessionsPage {
    static let template = try! MustacheTemplate(string: String(decoding: PackageResources.sessions_mustache, as: UTF8.self))

    static func render(site: ConsoleSite) async throws -> Response {
        let sessions = try await site.console.webSessions().map { row -> [String: Any] in
            [
                "id": row.session.id, "accountId": row.session.accountId, "account": ConsoleText.visible(row.account),
                "method": row.session.method, "authTime": ConsoleText.date(seconds: row.session.authTime),
                "expires": ConsoleText.date(seconds: row.session.expiresAt),
            ]
        }
        return ConsolePage.response(
            .sessions, title: "Sessions", template: template, context: ["sessions": sessions, "hasSessions": !sessions.isEmpty],
            site: site)
    }
}
