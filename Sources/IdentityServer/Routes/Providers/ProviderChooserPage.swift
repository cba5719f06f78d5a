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
        let headers = PersonPageHeaders.make()
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: template.render(context))))
    }
}
