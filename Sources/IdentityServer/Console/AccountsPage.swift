import Foundation
import Hummingbird
import Mustache

/// `/`: every account, newest first, 50 a page, searchable by email, phone, identifier, id or
/// name; the way to an account's page, and "reset everything".
enum AccountsPage {
    static let perPage = 50

    static let template = try! MustacheTemplate(
        string: """
            <form class="toolbar" method="get" action="/" role="search">
              <label for="q">Search accounts</label>
              <input type="search" id="q" name="q" value="{{query}}" placeholder="email, phone, name or id" autocomplete="off">
              <button type="submit">Search</button>
              {{#hasQuery}}<a href="/">Clear</a>{{/hasQuery}}
            </form>
            {{#hasAccounts}}
            <table>
                        <thead><tr><th scope="col">Email</th><th scope="col">Phone</th><th scope="col">Name</th><th scope="col">Verified</th>
              <th scope="col">Passkeys</th><th scope="col">Logins</th><th scope="col">Created</th></tr></thead>
              <tbody>
              {{#accounts}}
              <tr data-account="{{id}}">
                <td class="primary"><a href="/console/accounts/{{id}}">{{label}}</a></td>
                <td>{{phone}}</td>
                <td class="name">{{name}}</td>
                <td><span class="flag {{#emailVerified}}yes{{/emailVerified}}{{^emailVerified}}no{{/emailVerified}}" data-flag="email_verified">email {{#emailVerified}}✓{{/emailVerified}}{{^emailVerified}}✗{{/emailVerified}}</span>
                    {{#hasPhone}}<span class="flag {{#phoneVerified}}yes{{/phoneVerified}}{{^phoneVerified}}no{{/phoneVerified}}">phone {{#phoneVerified}}✓{{/phoneVerified}}{{^phoneVerified}}✗{{/phoneVerified}}</span>{{/hasPhone}}</td>
                <td class="num">{{passkeys}}</td>
                <td class="num">{{logins}}</td>
                <td class="mono date">{{created}}</td>
              </tr>
              {{/accounts}}
              </tbody>
            </table>
            \(ConsolePage.paginationPartial)
            {{/hasAccounts}}
            {{^hasAccounts}}<p class="empty">{{#hasQuery}}No account matches “{{query}}”.{{/hasQuery}}{{^hasQuery}}No accounts yet. Sign up through the API (or seed one with POST /emulator/v1/accounts) and it appears here.{{/hasQuery}}</p>{{/hasAccounts}}
            <h2>Reset</h2>
            <form method="post" action="/console/reset" data-confirm="Delete every account, session, code and message?">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <button type="submit" class="danger">Reset everything</button>
            </form>
            """)

    static func render(_ request: Request, site: ConsoleSite) async throws -> Response {
        let q = ConsoleQuery(request)
        let query = String((q["q"] ?? "").prefix(200))
        let page = q.page
        let found = try await site.console.accounts(search: query, offset: page * perPage, limit: perPage)
        let (total, counts) = (found.total, found.passkeyCounts)
        let rows: [[String: Any]] = found.accounts.map { a in
            [
                "id": a.id, "label": ConsoleText.visible(a.email ?? a.phoneNumber ?? a.customIdentifier ?? a.id),
                "phone": ConsoleText.visible(a.phoneNumber), "hasPhone": a.phoneNumber != nil, "name": ConsoleText.visible(displayName(a)),
                "emailVerified": a.emailVerified, "phoneVerified": a.phoneNumberVerified, "passkeys": counts[a.id] ?? 0,
                "logins": Int(a.loginsCount), "created": ConsoleText.date(seconds: a.createdAt),
            ]
        }
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let context: [String: Any] = [
            "query": ConsoleText.visible(query), "hasQuery": !query.isEmpty, "accounts": rows, "hasAccounts": !rows.isEmpty,
            "pagination": ConsolePage.pagination(total: total, page: page, perPage: perPage) { "/?q=\(encoded)&page=\($0)" },
        ]
        return ConsolePage.response(.accounts, title: "Accounts", template: template, context: context, site: site)
    }

    /// The name a person would recognise: `name`, else given and family names.
    static func displayName(_ a: Account) -> String {
        if case .string(let name)? = a.profile["name"], !name.isEmpty { return name }
        return ["given_name", "family_name"].compactMap { key -> String? in
            if case .string(let s)? = a.profile[key], !s.isEmpty { return s }
            return nil
        }.joined(separator: " ")
    }
}
