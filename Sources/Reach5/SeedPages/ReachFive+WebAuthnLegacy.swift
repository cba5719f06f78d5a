import Foundation

// Forms the 8.2 documentation's examples write that no SDK release declares (they come from older
// releases' pages), each forwarding to the current flow: public under the ReachFiveSeedPages
// trait, so code written from those pages compiles; SPI otherwise.

#if !ReachFiveSeedPages
    @_spi(ReachFiveSeedPages)
#endif
extension ReachFive {
    /// The 8.2 `listWebAuthnDevices` page's method: `listWebAuthnCredentials(authToken:)`.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "listWebAuthnCredentials(authToken:)")
    public func listWebAuthnDevices(authToken: AuthToken) -> Future<[DeviceCredential], ReachFiveError> {
        future { try await self.listWebAuthnCredentials(authToken: authToken) }
    }

    /// The 8.2 `loginWithWebAuthn` page's method: the non-discoverable passkey login for `email`
    /// or `phoneNumber`, presented on `viewController`.
    @_disfavoredOverload
    @available(*, deprecated, message: "use login(withNonDiscoverableUsername:forRequest:usingModalAuthorizationFor:display:)")
    public func loginWithWebAuthn(
        email: String? = nil, phoneNumber: String? = nil, origin: String, scopes: [String]? = nil, viewController: HeadlessPresentation
    ) -> Future<AuthToken, ReachFiveError> {
        future {
            guard let username: Username = email.map(Username.Email) ?? phoneNumber.map(Username.PhoneNumber) else {
                throw ReachFiveError.TechnicalError(reason: "loginWithWebAuthn needs an email or a phone number")
            }
            return try await self.login(
                withNonDiscoverableUsername: username,
                forRequest: NativeLoginRequest(anchor: viewController, originWebAuthn: origin, scopes: scopes),
                usingModalAuthorizationFor: [.Passkey], display: .Always)
        }
    }

    /// The 8.2 `signupWithWebAuthn` page's method: `signup(withRequest:)`.
    @_disfavoredOverload
    @available(*, deprecated, message: "use signup(withRequest:)")
    public func signupWithWebAuthn(
        profile: ProfileWebAuthnSignupRequest, origin: String, friendlyName: String? = nil, scopes: [String]? = nil,
        viewController: HeadlessPresentation
    ) -> Future<AuthToken, ReachFiveError> {
        let name = friendlyName ?? profile.email ?? profile.phoneNumber ?? "passkey"
        return signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: profile, friendlyName: name, anchor: viewController, originWebAuthn: origin, scopes: scopes))
    }
}

/// The profile the 8.2 `signupWithWebAuthn` page writes: a passkey signup's profile.
#if !ReachFiveSeedPages
    @_spi(ReachFiveSeedPages)
#endif
@available(*, deprecated, renamed: "ProfilePasskeySignupRequest")
public typealias ProfileWebAuthnSignupRequest = ProfilePasskeySignupRequest
