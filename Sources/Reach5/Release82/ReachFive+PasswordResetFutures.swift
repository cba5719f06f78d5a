import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+PasswordReset.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func updatePassword(_ updatePasswordParams: UpdatePasswordParams) -> Future<(), ReachFiveError> {
        future { try await self.updatePassword(updatePasswordParams) }
    }

    /// 8.2's form: `redirectUrl` a `String` (one that is not a URL is not sent), no origin.
    @_disfavoredOverload
    public func requestPasswordReset(email: String? = nil, phoneNumber: String? = nil, redirectUrl: String? = nil) -> Future<
        (), ReachFiveError
    > {
        let url = redirectUrl.flatMap(URL.init(string:))
        return future { try await self.requestPasswordReset(email: email, phoneNumber: phoneNumber, redirectUrl: url) }
    }
}
