import Foundation

// 8.2.0's Future forms (the SDK's ProfileRequests.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension UpdateEmailRequest {
    /// 8.2's form: the redirect as a string (one that is not a URL is not sent).
    @_disfavoredOverload
    public convenience init(email: String, redirectUrl: String?) {
        self.init(email: email, redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension SendEmailVerificationRequest {
    /// 8.2's form: the redirect as a string.
    @_disfavoredOverload
    public convenience init(redirectUrl: String? = nil) {
        self.init(redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension RefreshRequest {
    /// 8.2's form: the refresh token required, the redirect URI a string (the SDK passed its scheme).
    @_disfavoredOverload
    public convenience init(clientId: String, refreshToken: String, redirectUri: String) {
        self.init(clientId: clientId, refreshToken: refreshToken, redirectUri: URL(string: redirectUri) ?? URL(fileURLWithPath: "/"))
    }
}
