import Foundation

// 8.2.0's Future forms (the SDK's RecoveryRequests.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension RequestPasswordResetRequest {
    /// 8.2's form (a string that is not a URL is not sent).
    @_disfavoredOverload
    public convenience init(clientId: String, email: String?, phoneNumber: String?, redirectUrl: String?) {
        self.init(clientId: clientId, email: email, phoneNumber: phoneNumber, redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension RequestAccountRecoveryRequest {
    /// 8.2's form (a string that is not a URL is not sent).
    @_disfavoredOverload
    public convenience init(clientId: String, email: String? = nil, phoneNumber: String? = nil, redirectUrl: String?, origin: String? = nil)
    {
        self.init(
            clientId: clientId, email: email, phoneNumber: phoneNumber, redirectUrl: redirectUrl.flatMap(URL.init(string:)), origin: origin)
    }
}
