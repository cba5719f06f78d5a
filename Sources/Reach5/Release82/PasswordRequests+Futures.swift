import Foundation

// 8.2.0's Future forms (the SDK's PasswordRequests.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension SignupRequest {
    /// 8.2's form: a string that is not a URL is not sent.
    @_disfavoredOverload
    public convenience init(clientId: String, data: ProfileSignupRequest, scope: String, redirectUrl: String?, origin: String? = nil) {
        self.init(clientId: clientId, data: data, scope: scope, redirectUrl: redirectUrl.flatMap(URL.init(string:)), origin: origin)
    }
}
