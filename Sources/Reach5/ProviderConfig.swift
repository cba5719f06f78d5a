import Foundation

/// A social provider the client offers, as `/api/v1/providers` describes it (the SDK's
/// `ProviderConfig`, a class). `variant` is required, as the SDK decodes it.
public class ProviderConfig: Codable, @unchecked Sendable {
    public let provider: String
    public let variant: String
    public let clientId: String?
    public let scope: [String]?
    /// Kept as text: an unusable link must not cost the whole payload (see `universalLink`).
    private let rawUniversalLink: String?

    private enum CodingKeys: String, CodingKey {
        case provider, variant, clientId, scope
        case rawUniversalLink = "universalLink"
    }

    /// Latchkey's addition, for tests and custom providers that build a configuration by hand.
    public init(provider: String, variant: String, clientId: String?, scope: [String]?, universalLink: String? = nil) {
        self.provider = provider
        self.variant = variant
        self.clientId = clientId
        self.scope = scope
        rawUniversalLink = universalLink
    }

    /// The link a universal-link session returns through; nil when there is none with a host.
    var universalLinkURL: URL? {
        guard let rawUniversalLink, let url = URL(string: rawUniversalLink), let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    #if ReachFive11
        /// 11.0's universal link (the server's text as a URL); with both release traits, this one.
        public var universalLink: URL? { universalLinkURL }
    #else
        /// 8.2's universal link: the text the server sent.
        public var universalLink: String? { rawUniversalLink }
    #endif

    /// `provider:variant`, the name `/oauth/authorize` takes to pick a variant.
    public var providerWithVariant: String { provider + ":" + variant }
}

/// The `/api/v1/providers` answer.
public class ProvidersConfigsResult: Codable, @unchecked Sendable {
    let items: [ProviderConfig]
    let status: String
}
