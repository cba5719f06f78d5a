import Foundation
import Hummingbird
import Mustache

/// `/console/providers`: each emulated social provider (its issuer and discovery document) and
/// its test identities, and how many accounts are linked to each provider.
enum ProvidersPage {
    static let template = try! MustacheTemplate(
        string: """
            {{#providers}}
            <section class="card" aria-labelledby="provider-{{name}}">
              <h2 id="provider-{{name}}">{{display}}</h2>
              <dl class="facts"><dt>Issuer</dt><dd class="mono">{{issuer}}</dd>
              <dt>Discovery</dt><dd><a class="mono" href="{{discovery}}">{{discovery}}</a></dd>
              <dt>Linked accounts</dt><dd>{{linked}}</dd></dl>
              {{#hasIdentities}}
              <table><thead><tr><th scope="col">Email</th><th scope="col">Verified</th><th scope="col">Name</th><th scope="col">sub</th></tr></thead>
              <tbody>{{#identities}}<tr><td>{{email}}</td><td>{{verified}}</td><td>{{name}}</td><td class="mono">{{sub}}</td></tr>{{/identities}}</tbody></table>
              {{/hasIdentities}}
              {{^hasIdentities}}<p class="empty">No identity yet: its sign-in page adds one, as does POST /emulator/v1/providers/{{name}}/identities.</p>{{/hasIdentities}}
            </section>
            {{/providers}}
            {{^providers}}<p class="empty">No provider is emulated (the configuration's "providers" is empty).</p>{{/providers}}
            """)

    static func render(site: ConsoleSite) async throws -> Response {
        var providers: [[String: Any]] = []
        let linked = try await site.console.linkedAccountCounts()
        for provider in site.providers.all {
            let identities = try await site.providers.identities(of: provider).map { identity -> [String: Any] in
                [
                    "email": ConsoleText.visible(identity.email), "verified": identity.emailVerified ? "yes" : "no",
                    "name": ConsoleText.visible(identity.name ?? ""), "sub": identity.subject,
                ]
            }
            providers.append([
                "name": provider.name, "display": ProviderChooserPage.display(provider.name), "issuer": provider.issuer,
                "discovery": provider.issuer + "/.well-known/openid-configuration", "identities": identities,
                "hasIdentities": !identities.isEmpty, "linked": linked[provider.name] ?? 0,
            ])
        }
        return ConsolePage.response(.providers, title: "Providers", template: template, context: ["providers": providers], site: site)
    }
}
