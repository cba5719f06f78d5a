import Foundation
import Hummingbird
import Mustache

/// `/console/settings`: the effective configuration, the emulator clock (with a control to move
/// it forward) and the planned faults (with a control to clear them).
enum SettingsPage {
    static let template = try! MustacheTemplate(
        string: """
            <section class="card" aria-labelledby="clock-h">
              <h2 id="clock-h">Emulator clock</h2>
              <p>Now: <span class="mono" id="clock-now">{{now}}</span> ({{advanced}} s ahead of the system clock). Every expiry — tkn, codes,
              tokens, challenges — is measured on this clock.</p>
              <form method="post" action="/console/clock" class="toolbar">
                <input type="hidden" name="csrf" value="{{csrf}}">
                <label for="advance">Advance by (seconds)</label>
                <input type="number" id="advance" name="advance_seconds" min="1" max="315360000" value="3600" required>
                <button type="submit">Advance</button>
              </form>
            </section>
            <section class="card" aria-labelledby="faults-h">
              <h2 id="faults-h">Planned faults</h2>
              {{#hasFaults}}
              <table><thead><tr><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Error</th><th scope="col">Remaining</th><th scope="col">Delay ms</th></tr></thead>
              <tbody>{{#faults}}<tr><td class="mono">{{path}}</td><td>{{status}}</td><td>{{error}}</td><td>{{remaining}}</td><td>{{delay}}</td></tr>{{/faults}}</tbody></table>
              <form method="post" action="/console/faults/clear"><input type="hidden" name="csrf" value="{{csrf}}"><p><button type="submit">Clear faults</button></p></form>
              {{/hasFaults}}
              {{^hasFaults}}<p class="empty">No faults planned. POST /emulator/v1/faults makes the next calls of a path fail.</p>{{/hasFaults}}
            </section>
            <section class="card" aria-labelledby="config-h">
              <h2 id="config-h">Configuration</h2>
              <dl class="facts">{{#config}}<dt>{{name}}</dt><dd class="mono">{{value}}</dd>{{/config}}</dl>
            </section>
            """)

    static func render(site: ConsoleSite) -> Response {
        let c = site.configuration
        let config: [(String, String)] = [
            ("base URL (issuer)", site.baseURL), ("client id", c.clientId), ("callback URLs", c.callbackURLs.joined(separator: "\n")),
            ("WebAuthn RP id", c.rpId), ("RP name", c.rpName), ("allowed origins", site.allowedOrigins.joined(separator: "\n")),
            ("scopes", c.scopes.joined(separator: " ")), ("SMS", c.sms ? "on" : "off"),
            ("verify-email template", c.verifyEmailTemplate ? "on" : "off"),
            ("login with unverified identifier", c.unverifiedIdentifierLogin ? "allowed" : "refused"),
            ("password minimum score", String(c.passwordMinimumScore)), ("password hash", "scrypt logN \(c.passwordHashLogN)"),
            ("default country", c.defaultCountry), ("locale", c.locale),
            (
                "lifetimes (s)",
                "tkn \(c.lifetimes.tkn), code \(c.lifetimes.authorizationCode), access \(c.lifetimes.accessToken), refresh \(c.lifetimes.refreshToken), challenge \(c.lifetimes.challenge), verification code \(c.lifetimes.verificationCode)"
            ),
            (
                "Sign in with Apple",
                c.apple.enabled
                    ? "on, client \(c.apple.clientId), issuer \(c.apple.issuer), keys \(c.apple.jwks != nil ? "inline JWKS" : c.apple.jwksFile ?? "none")"
                    : "off"
            ),
            ("seeded users", String(c.users.count)), ("store", site.store.isInMemory ? "in memory" : site.store.path),
        ]
        let faults: [[String: Any]] = site.faults.pending().map { f in
            [
                "path": ConsoleText.visible(f.path), "status": f.status, "error": ConsoleText.visible(f.error), "remaining": f.remaining,
                "delay": f.delayMilliseconds,
            ]
        }
        let context: [String: Any] = [
            "now": ConsoleText.date(seconds: site.now), "advanced": Int(site.clock.advancedBy), "faults": faults,
            "hasFaults": !faults.isEmpty,
            "config": config.map { ["name": $0.0, "value": ConsoleText.visible($0.1, keepingLineBreaks: true)] as [String: Any] },
        ]
        return ConsolePage.response(.settings, title: "Settings", template: template, context: context, site: site)
    }
}
