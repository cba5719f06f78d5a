import Encoding
import Hummingbird
import Mustache

/// `/console/accounts/{id}`: one profile (every field, verified flags, consents, login
/// summary), its passkeys and its MFA state (AccountMfaSection), with the forms that delete a
/// passkey, a second factor, a trusted device or the whole account.
enum AccountPage {
    static let template = try! MustacheTemplate(
        string: """
            <p class="toolbar"><a href="/">← All accounts</a></p>
            <section class="card" aria-labelledby="profile-h">
              <h2 id="profile-h">Profile</h2>
              <dl class="facts">
                <dt>Account id</dt><dd class="mono">{{id}}</dd>
                <dt>Email</dt><dd>{{email}} <span class="flag {{#emailVerified}}yes{{/emailVerified}}{{^emailVerified}}no{{/emailVerified}}" id="email-verified">{{#emailVerified}}verified{{/emailVerified}}{{^emailVerified}}not verified{{/emailVerified}}</span></dd>
                <dt>Phone</dt><dd>{{phone}} {{#hasPhone}}<span class="flag {{#phoneVerified}}yes{{/phoneVerified}}{{^phoneVerified}}no{{/phoneVerified}}" id="phone-verified">{{#phoneVerified}}verified{{/phoneVerified}}{{^phoneVerified}}not verified{{/phoneVerified}}</span>{{/hasPhone}}</dd>
                {{#fields}}<dt>{{name}}</dt><dd class="{{#structured}}mono{{/structured}}" data-field="{{name}}">{{value}}</dd>{{/fields}}
              </dl>
            </section>
            <section class="card" aria-labelledby="logins-h">
              <h2 id="logins-h">Login summary</h2>
              <dl class="facts">
                <dt>Logins</dt><dd>{{logins}}</dd><dt>First</dt><dd class="mono">{{firstLogin}}</dd>
                <dt>Last</dt><dd class="mono">{{lastLogin}}</dd><dt>Last method</dt><dd>{{lastMethod}}</dd>
                <dt>Password</dt><dd>{{#hasPassword}}set{{/hasPassword}}{{^hasPassword}}none{{/hasPassword}}</dd>
              </dl>
            </section>
            <section aria-labelledby="devices-h">
              <h2 id="devices-h">Session devices ({{deviceCount}})</h2>
              {{#hasDevices}}
              <table>
                <thead><tr><th scope="col">Type</th><th scope="col">Device</th><th scope="col">IP</th><th scope="col">Created</th>
                <th scope="col">Last connection</th><th scope="col">Expires</th><th scope="col">Id</th></tr></thead>
                <tbody>
                {{#devices}}
                <tr data-session-device="{{id}}"><td>{{type}}</td><td>{{device}}</td><td class="mono">{{ip}}</td>
                  <td class="mono date">{{created}}</td><td class="mono date">{{last}}</td><td class="mono date">{{expires}}</td><td class="mono">{{id}}</td></tr>
                {{/devices}}
                </tbody>
              </table>
              {{/hasDevices}}
              {{^hasDevices}}<p class="empty">No live session: no refresh token or SSO session is open.</p>{{/hasDevices}}
            </section>
            <section aria-labelledby="passkeys-h">
              <h2 id="passkeys-h">Passkeys ({{passkeyCount}})</h2>
              {{#hasPasskeys}}
              <table>
                <thead><tr><th scope="col">Friendly name</th><th scope="col">Credential id</th><th scope="col">AAGUID</th><th scope="col">Backup</th>
                <th scope="col">Counter</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                {{#passkeys}}
                <tr data-credential="{{id}}">
                  <td class="name">{{name}}</td><td class="mono">{{id}}</td><td class="mono">{{aaguid}}</td>
                  <td><span class="flag {{#be}}yes{{/be}}{{^be}}no{{/be}}" title="backup eligible">BE {{#be}}✓{{/be}}{{^be}}✗{{/be}}</span>
                      <span class="flag {{#bs}}yes{{/bs}}{{^bs}}no{{/bs}}" title="backed up">BS {{#bs}}✓{{/bs}}{{^bs}}✗{{/bs}}</span></td>
                  <td class="num">{{counter}}</td><td class="mono date">{{created}}</td><td class="mono date">{{lastUsed}}</td>
                  <td><form class="inline" method="post" action="/console/accounts/{{account}}/passkeys/delete" data-confirm="Delete this passkey?">
                    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="credential" value="{{id}}">
                    <button type="submit" class="danger" aria-label="Delete passkey {{name}}">Delete</button></form></td>
                </tr>
                {{/passkeys}}
                </tbody>
              </table>
              {{/hasPasskeys}}
              {{^hasPasskeys}}<p class="empty">No passkeys registered.</p>{{/hasPasskeys}}
            </section>
            \(AccountMfaSection.partial)
            <h2>Delete</h2>
            <form method="post" action="/console/accounts/{{id}}/delete" data-confirm="Delete this account and everything it owns?">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <button type="submit" class="danger">Delete account</button>
            </form>
            """)

    /// Profile fields shown by the identifiers above or the summary below, not again in the list.
    static let shownElsewhere: Set<String> = [
        "uid", "email", "email_verified", "emails", "phone_number", "phone_number_verified", "has_password",
        "logins_count", "login_summary",
    ]

    static func render(id: String, site: ConsoleSite) async throws -> Response {
        guard let found = try await site.console.account(id: id) else {
            return ConsolePage.message(
                "Account not found", "There is no account with this id (it may have been deleted).", status: .notFound, site: site)
        }
        let (a, stored) = (found.account, found.passkeys)
        guard case .object(let profile) = ProfileClaims.profile(a) else { throw APIError.notFound("No account") }
        let fields: [[String: Any]] = profile.keys.sorted().filter { !shownElsewhere.contains($0) }.map { key in
            let value = profile[key]!
            if case .string(let s) = value {
                return ["name": ConsoleText.visible(key), "value": ConsoleText.visible(s), "structured": false]
            }
            return ["name": ConsoleText.visible(key), "value": ConsoleText.visible(JSONText.serialize(value)), "structured": true]
        }
        let passkeys: [[String: Any]] = stored.map { p in
            [
                "id": Base64URL.encode(p.id), "account": a.id, "name": ConsoleText.visible(p.friendlyName),
                "aaguid": ConsoleText.visible(p.aaguid),
                "be": p.backupEligible, "bs": p.backupState, "counter": Int(p.signCount), "created": ConsoleText.date(seconds: p.createdAt),
                "lastUsed": ConsoleText.date(seconds: p.lastUsedAt),
            ]
        }
        let devices: [[String: Any]] = found.sessionDevices.map { d in
            let what = [d.device.userAgentName, d.device.operatingSystem, d.device.deviceClass].compactMap { $0 }.joined(separator: " · ")
            return [
                "id": ConsoleText.visible(d.id), "type": d.kind == .refreshToken ? "RT (refresh token)" : "ST (SSO session)",
                "device": ConsoleText.visible(what.isEmpty ? "unknown" : what), "ip": ConsoleText.visible(d.device.ip),
                "created": ConsoleText.date(seconds: d.createdAt), "last": ConsoleText.date(seconds: d.lastConnection),
                "expires": ConsoleText.date(seconds: d.expiresAt),
            ]
        }
        var context: [String: Any] = [
            "devices": devices, "hasDevices": !devices.isEmpty, "deviceCount": devices.count,
            "id": a.id, "email": ConsoleText.visible(a.email ?? "—"), "emailVerified": a.emailVerified,
            "phone": ConsoleText.visible(a.phoneNumber ?? "—"), "hasPhone": a.phoneNumber != nil, "phoneVerified": a.phoneNumberVerified,
            "fields": fields, "logins": Int(a.loginsCount), "firstLogin": ConsoleText.date(seconds: a.firstLogin),
            "lastLogin": ConsoleText.date(seconds: a.lastLogin), "lastMethod": ConsoleText.visible(a.lastLoginType ?? "—"),
            "hasPassword": a.passwordHash != nil, "passkeys": passkeys, "hasPasskeys": !passkeys.isEmpty, "passkeyCount": passkeys.count,
        ]
        context.merge(AccountMfaSection.context(found.mfa, accountId: a.id)) { page, _ in page }
        let title = ConsoleText.visible(a.email ?? a.phoneNumber ?? a.customIdentifier ?? a.id)
        return ConsolePage.response(.accounts, title: title, template: template, context: context, site: site)
    }
}
