import Encoding
import Foundation
import Hummingbird
import JOSE
import Mustache

/// `/console/tokens`: paste a JWT (or pick one this server issued lately) to see its header and
/// claims, whether its signature verifies against this server's JWKS, and whether it has expired
/// by the emulator clock. Decoding posts the token, so it never lands in a URL or the journal.
enum TokensPage {
    static let template = try! MustacheTemplate(
        string: """
            <form method="post" action="/console/tokens" class="card">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <label for="token">Token (a compact JWS: header.payload.signature)</label>
              <textarea id="token" name="token" spellcheck="false" autocomplete="off">{{token}}</textarea>
              <p><button type="submit">Decode and check</button></p>
            </form>
            {{#hasError}}<p class="notice bad" role="alert" id="token-error">{{error}}</p>{{/hasError}}
            {{#decoded}}
            <section class="card" aria-labelledby="verdict-h">
              <h2 id="verdict-h">Checks</h2>
              <dl class="facts">
                <dt>Signature</dt><dd id="signature-verdict" class="{{#signatureOK}}ok{{/signatureOK}}{{^signatureOK}}bad{{/signatureOK}}">{{signature}}</dd>
                <dt>Expiry</dt><dd id="expiry-verdict" class="{{#fresh}}ok{{/fresh}}{{^fresh}}bad{{/fresh}}">{{expiry}}</dd>
                <dt>Issuer</dt><dd>{{issuer}}</dd>
              </dl>
            </section>
            <section class="card" aria-labelledby="header-h"><h2 id="header-h">Header</h2><pre class="claims" id="token-header">{{header}}</pre></section>
            <section class="card" aria-labelledby="claims-h"><h2 id="claims-h">Claims</h2><pre class="claims" id="token-claims">{{claims}}</pre></section>
            {{/decoded}}
            <h2>Issued lately</h2>
            {{#hasRecent}}
            <table>
              <thead><tr><th scope="col">Kind</th><th scope="col">Subject</th><th scope="col">Issued</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>{{#recent}}<tr><td>{{kind}}</td><td>{{subject}}</td><td class="mono date">{{issued}}</td>
                <td><form class="inline" method="post" action="/console/tokens"><input type="hidden" name="csrf" value="{{csrf}}">
                <input type="hidden" name="token" value="{{token}}"><button type="submit">Decode</button></form></td></tr>{{/recent}}</tbody>
            </table>
            {{/hasRecent}}
            {{^hasRecent}}<p class="empty">No tokens issued since the server started. Log in through the API and they are listed here.</p>{{/hasRecent}}
            """)

    static func render(token: String?, site: ConsoleSite) -> Response {
        var context: [String: Any] = [:]
        let recent: [[String: Any]] = site.recentTokens.all.map { e in
            [
                "kind": e.kind, "subject": ConsoleText.visible(e.subject), "issued": ConsoleText.date(seconds: e.issuedAt),
                "token": e.token, "csrf": site.consoleToken,
            ]
        }
        context["recent"] = recent
        context["hasRecent"] = !recent.isEmpty
        if let token = token?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            context["token"] = ConsoleText.visible(token)
            do {
                context["decoded"] = try decode(token, site: site)
            } catch {
                context["hasError"] = true
                context["error"] = "Not a token this page can read: " + ConsoleText.visible(error.message)
            }
        }
        return ConsolePage.response(.tokens, title: "Tokens", template: template, context: context, site: site)
    }

    static func decode(_ token: String, site: ConsoleSite) throws(JOSEError) -> [String: Any] {
        let jws = try CompactJWS(token)
        let claims: JSONValue
        do { claims = try StrictJSON.parse(jws.payload, maxDepth: 32) } catch { throw JOSEError(.malformed, "the claims are not JSON") }
        guard case .object(let members) = claims else { throw JOSEError(.malformed, "the claims are not a JSON object") }
        var signature: String
        var signatureOK = false
        do {
            let key = try site.signingKeys.jwks.key(for: jws.keyId)
            // Each key verifies only its own algorithm (the JWKS holds an ES256 and maybe an RS256 key).
            try jws.verify(with: try key.publicKey(), allowed: [.es256, .rs256])
            signature = "valid: signed by this server's key \(jws.keyId ?? "")"
            signatureOK = true
        } catch {
            signature = "not valid for this server's JWKS: \(error.message)"
        }
        let now = site.now
        var expiry = "no exp claim"
        var fresh = false
        // A pasted token's exp is anything JSON can hold: only whole seconds within ±10^12 s
        // (about 31,700 years) are dates.
        if case .number(let number)? = members["exp"] {
            if let exp = Int64(exactly: number), abs(exp) < 1_000_000_000_000 {
                let left = exp - now
                fresh = left > 0
                expiry =
                    fresh
                    ? "valid for \(left) s more by the emulator clock (expires \(ConsoleText.date(seconds: exp)))"
                    : "expired \(-left) s ago by the emulator clock (\(ConsoleText.date(seconds: exp)))"
            } else {
                expiry = "exp is not a date in whole seconds"
            }
        }
        return [
            "header": ConsoleText.visible(JSONText.serialize(jws.header, pretty: true), keepingLineBreaks: true),
            "claims": ConsoleText.visible(JSONText.serialize(claims, pretty: true), keepingLineBreaks: true),
            "signature": ConsoleText.visible(signature), "signatureOK": signatureOK, "expiry": expiry, "fresh": fresh,
            "issuer": ConsoleText.visible(members["iss"]?.stringValue ?? "—"),
        ]
    }
}
