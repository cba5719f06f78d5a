import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+Password.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    /// 8.2's form: the tokens, or an `AuthFailure` when the account awaits verification.
    @_disfavoredOverload
    public func signup(profile: ProfileSignupRequest, redirectUrl: String? = nil, scope: [String]? = nil, origin: String? = nil)
        -> Future<AuthToken, ReachFiveError>
    {
        let url = redirectUrl.flatMap(URL.init(string:))
        return future { try await self.signup(profile: profile, redirectUrl: url, scope: scope, origin: origin).achievedToken() }
    }

    @_disfavoredOverload
    public func loginWithPassword(
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        scope: [String]? = nil, origin: String? = nil
    ) -> Future<LoginFlow, ReachFiveError> {
        future {
            try await self.loginWithPassword(
                email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, password: password, scope: scope, origin: origin
            )
        }
    }
}
