import Foundation

/// Registers a web provider (one with no native SDK, served by the web login) with its variant
/// and how its session completes: `WebProvider(name: .bconnect, variant: "natif")`.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public final class WebProvider: ProviderCreator {
    /// The web providers the server knows; `rawValue` is the server's name.
    public enum Name: String {
        case facebook
        case google
        case payPal = "paypal"
        case twitter
        case franceConnect = "franceconnect"
        case oney
        case bconnect
        case line
    }

    /// How the provider's login session completes.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public enum WebProviderMode {
        /// Through the SDK's custom scheme (the default).
        case customScheme
        /// Through the provider's universal link, intercepted in the session.
        case universalLink
        /// Through an external app that reopens this one by a universal link. providerCreator.adoc
        /// (11.0.0) documents it; the 11.0.0 source lacks it. Headless, it completes as `universalLink`.
        #if !ReachFiveSeedPages
            @_spi(ReachFiveSeedPages)
        #endif
        case externalApp
    }

    private let providerName: Name
    public var name: String { providerName.rawValue }
    public let variant: String?
    public let mode: WebProviderMode

    public init(name: Name, variant: String? = nil, mode: WebProviderMode = .customScheme) {
        providerName = name
        self.variant = variant
        self.mode = mode
    }

    public func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        DefaultProvider(reachfive: reachFive, providerConfig: providerConfig, mode: mode)
    }
}

/// A provider with no creator of its name: the web login (`/oauth/authorize?provider=…`), followed
/// as the authentication session's browser would (see `webviewLogin(_:)`).
final class DefaultProvider: NSObject, Provider, ReachFiveBoundProvider, @unchecked Sendable {
    let name: String
    private weak var reachfive: ReachFive?
    let providerConfig: ProviderConfig
    let webSessionMode: WebSessionMode?
    /// Why `webSessionMode` is nil, reported by `login`.
    private let unavailableModeReason: String?

    init(reachfive: ReachFive, providerConfig: ProviderConfig, mode: WebProvider.WebProviderMode = .customScheme) {
        self.reachfive = reachfive
        self.providerConfig = providerConfig
        name = providerConfig.provider
        switch mode {
        case .customScheme:
            webSessionMode = .customScheme
            unavailableModeReason = nil
        case .universalLink, .externalApp:
            if let link = providerConfig.universalLinkURL {
                webSessionMode = .universalLink(link)
                unavailableModeReason = nil
            } else {
                webSessionMode = nil
                unavailableModeReason = "No universal link configured for provider '\(providerConfig.provider)' in universal-link mode"
            }
        }
    }

    var boundReachFive: ReachFive? { reachfive }

    func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken {
        guard let webSessionMode else {
            throw ReachFiveError.TechnicalError(reason: unavailableModeReason ?? "No web session mode resolved for provider \(name)")
        }
        guard let reachfive else { throw ReachFiveError.TechnicalError(reason: "ReachFive instance was deallocated") }
        return try await reachfive.webviewLogin(
            WebviewLoginRequest(
                scope: scope, presentationContextProvider: try presenting.webAuthContextProvider(), origin: origin,
                provider: providerConfig.providerWithVariant, webSessionMode: webSessionMode))
    }

    func logout() {}

    override var description: String { "Provider: \(providerConfig.provider)" }
}
