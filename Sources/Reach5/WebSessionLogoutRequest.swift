import Foundation

/// 11.0's web logout: `logout(webSessionLogout:)` visits the server's logout endpoint as the
/// browser session would, so its SSO cookie is cleared, then comes back to the app's redirect URI.
/// Headless, the presentation that stands in for the browser's anchor is a `HeadlessPresentation`.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public class WebSessionLogoutRequest: @unchecked Sendable {
    public let presentationContextProvider: HeadlessPresentation
    public let origin: String?

    public init(presentationContextProvider: HeadlessPresentation, origin: String? = nil) {
        self.presentationContextProvider = presentationContextProvider
        self.origin = origin
    }

    /// The context from a `Presentation`.
    public convenience init(presenting: Presentation, origin: String? = nil) throws {
        try self.init(presentationContextProvider: presenting.webAuthContextProvider(), origin: origin)
    }
}
