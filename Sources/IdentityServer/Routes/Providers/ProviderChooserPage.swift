import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// An emulated provider's authorize page: a form per test identity, one to add an identity, and
/// one to cancel, each carrying the checked authorization request back. HTML-escaped by the
/// template; no script; never framed, never cached.
enum ProviderChooserPage {
    static let template = try! MustacheTemplate(string: String(decoding: PackageResources.provider_chooser_mustache, as: UTF8.self))

    /// How a provider's name is shown (`franceconnect` → FranceConnect).
    static func display(_ name: String) -> String {
        [
            "google": "Google", "facebook": "Facebook", "paypal": "PayPal", "twitter": "Twitter", "franceconnect": "FranceConnect",
            "oney": "Oney", "bconnect": "BConnect", "line": "LINE",
        ][name] ?? name
    }

    static func response(
        provider: EmulatedProviders.OpenIDProvider, request: EmulatedProviders.AuthorizationRequest,
        identities: [IdentityStore.ProviderIdentityRow]
    ) -> Response {
        let fields: [[String: String]] = ProviderAuthorizeForm.fields(of: request).map { ["name": $0.0, "value": $0.1] }
        let context: [String: Any] = [
            "display": display(provider.name), "clientId": request.clientId, "action": "/providers/\(provider.name)/authorize",
            "fields": fields, "hasIdentities": !identities.isEmpty,
            "identities": identities.map { identity -> [String: Any] in
                [
                    "email": identity.email, "subject": identity.subject, "verified": identity.emailVerified,
                    "verifiedText": identity.emailVerified ? "true" : "false",
                    "label": "Continue as \(identity.name ?? identity.email)",
                ]
            },
        ]
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // No form-action: the chooser's answer redirects to the client, whatever its origin.
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; img-src 'self' https:; frame-ancestors 'none'; base-uri 'none'"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        // same-origin, not no-referrer: a browser sends `Origin: null` with a no-referrer form post,
        // which the same-origin rule must refuse.
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: template.render(context))))
    }
}
