import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+AccountRecovery.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    /// 8.2's form: `redirectUrl` a `String` (one that is not a URL means the default).
    @_disfavoredOverload
    public func requestAccountRecovery(email: String? = nil, phoneNumber: String? = nil, redirectUrl: String? = nil, origin: String? = nil)
        -> Future<(), ReachFiveError>
    {
        let url = redirectUrl.flatMap(URL.init(string:))
        return future { try await self.requestAccountRecovery(email: email, phoneNumber: phoneNumber, redirectUrl: url, origin: origin) }
    }
}
