import Foundation
@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFivePassword.swift: the bridge's signup gives the 11.0
// `SignupFlow` (8.2's own Future form, in Reach5, gives an `AuthToken`).

extension ReachFive {
    public func signup(profile: ProfileSignupRequest, redirectUrl: String? = nil, scope: [String]? = nil, origin: String? = nil)
        -> Future<SignupFlow, ReachFiveError>
    {
        guard let redirect = BridgeURL.parse(redirectUrl) else { return Future(error: BridgeURL.invalid(redirectUrl)) }
        return future { try await self.signup(profile: profile, redirectUrl: redirect.url, scope: scope, origin: origin) }
    }

    public func loginWithPassword(
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String, scope: [String]? = nil,
        origin: String? = nil
    ) -> Future<LoginFlow, ReachFiveError> {
        future {
            try await self.loginWithPassword(
                email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, password: password, scope: scope, origin: origin
            )
        }
    }
}
