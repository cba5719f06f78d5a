import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Latchkey's addition: the cookies the server set on this instance's HTTP session, such as the
/// trusted-device cookie an MFA step-up with `trustDevice` leaves. An iOS device keeps its cookie
/// jar between launches; a headless process that wants the same (the CLI keeps them in its
/// vault) reads them after a flow and gives them back to the next instance.
extension ReachFive {
    /// The cookies the session would send to the server now.
    public var serverCookies: [HTTPCookie] {
        api.session.configuration.httpCookieStorage?.cookies(for: sdkConfig.baseURL) ?? []
    }

    /// Puts cookies kept from an earlier run back in the jar, for the server's URL.
    public func restoreServerCookies(_ cookies: [HTTPCookie]) {
        api.session.configuration.httpCookieStorage?.setCookies(cookies, for: sdkConfig.baseURL, mainDocumentURL: nil)
    }
}
