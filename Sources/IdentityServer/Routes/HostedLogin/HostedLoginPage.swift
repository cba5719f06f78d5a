import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// The hosted login page (`GET /login`, and `POST /login` again when a login is refused): a
/// password form carrying the authorization request in hidden fields, a code form, a passkey
/// button (its script, `passkey.js`, a resource served from the page's own origin), and a link
/// per emulated social provider. HTML-escaped by the template; no inline script; never framed,
/// never cached.
enum HostedLoginPage {
    static let template = try! MustacheTemplate(string: String(decoding: PackageResources.hosted_login_mustache, as: UTF8.self))

    /// The passkey button's script.
    static func script() -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.hosted_login_passkey_js)))
    }

    /// The page's anti-forgery cookie: its value must come back in the form's `csrf` field. A page
    /// elsewhere can post the form but cannot read the cookie (login CSRF). `SameSite=Lax`: the
    /// browser arrives from the app's site, and its token must survive that arrival; the posts
    /// themselves must be same-origin anyway. It also binds the page's codes and step-ups to this
    /// browser.
    static let csrfCookie = "r5_login_csrf"

    /// The fields that carry the authorization request through the form.
    static func fields(_ query: AuthorizeQuery) -> [(String, String)] {
        OAuthGrants.hostedLoginParameters(query).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Where the person is on the page.
    enum Step: Sendable {
        /// The ways to sign in: password, a code, a provider.
        case login
        /// A passwordless code was sent to this identifier.
        case passwordlessCode(identifier: String)
        /// A second factor is due: its code went to `target` (shown masked), for this challenge.
        case mfa(challengeId: String, target: String)
    }

    static func response(
        query: AuthorizeQuery, csrf: String, providers: [String], step: Step = .login, error: String? = nil, identifier: String? = nil,
        secure: Bool
    ) -> Response {
        let parameters = OAuthGrants.hostedLoginParameters(query)
        var context: [String: Any] = [
            "clientId": query.clientId ?? "", "action": OAuthGrants.hostedLoginPath,
            "fields": (fields(query) + [("csrf", csrf)]).map { ["name": $0.0, "value": $0.1] },
            "identifier": identifier ?? "", "hasProviders": !providers.isEmpty,
            "restart": URLQuery.appending(parameters, to: OAuthGrants.hostedLoginPath),
            "providers": providers.map { name -> [String: String] in
                [
                    "name": name, "display": ProviderChooserPage.display(name),
                    "href": URLQuery.appending(parameters.merging(["provider": name]) { $1 }, to: "/oauth/authorize"),
                ]
            },
        ]
        switch step {
        case .login:
            context["step"] = "login"
            context["login"] = true
        case .passwordlessCode(let target):
            context["step"] = "passwordless-code"
            context["passwordlessCode"] = true
            context["identifier"] = target
        case .mfa(let challengeId, let target):
            context["step"] = "mfa"
            context["mfa"] = true
            context["challengeId"] = challengeId
            context["target"] = masked(target)
        }
        if let error { context["error"] = error }
        var headers = PersonPageHeaders.make(scripts: true)
        let secureFlag = secure ? "; Secure" : ""
        headers[.setCookie] = "\(csrfCookie)=\(csrf); Path=\(OAuthGrants.hostedLoginPath); HttpOnly; SameSite=Lax\(secureFlag)"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: template.render(context))))
    }

    /// A second factor's address as the page shows it to whoever typed the first: `a…@example.com`,
    /// `+33…78`.
    static func masked(_ target: String) -> String {
        if let at = target.firstIndex(of: "@") {
            return String(target[..<at].prefix(1)) + "…" + String(target[at...])
        }
        return String(target.prefix(3)) + "…" + String(target.suffix(2))
    }
}
