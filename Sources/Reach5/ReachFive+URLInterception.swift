import Foundation

/// The SDK's URL routing (11.0 ReachFive.swift): a link the app receives (a custom-scheme callback,
/// or on Linux the link a test read from the emulator's outbox) goes to the interception whose
/// `SdkConfig` URI it matches by scheme, host and path (case-insensitive scheme and host, `/` and
/// no path the same). The interceptions themselves live beside their flows: passwordless and
/// account recovery (flows), email verification (profile), MFA credential registration (MFA).
extension ReachFive {
    /// Routes `url` to the matching interception; a URL that matches none of the `SdkConfig` URIs
    /// is handled as a passwordless callback, as in the SDK.
    public func interceptUrl(_ url: URL) {
        if !routeUrl(url) { interceptPasswordless(url) }
    }

    /// As `interceptUrl(_:)`, but reports whether the URL matched one of the `SdkConfig` URIs
    /// instead of falling back to passwordless.
    @discardableResult
    func routeUrl(_ url: URL) -> Bool {
        if url.matchesEndpoint(of: sdkConfig.accountRecoveryUri) {
            interceptAccountRecovery(url)
        } else if url.matchesEndpoint(of: sdkConfig.mfaUri) {
            interceptVerifyMfaCredential(url)
        } else if url.matchesEndpoint(of: sdkConfig.redirectUri) {
            interceptPasswordless(url)
        } else if url.matchesEndpoint(of: sdkConfig.emailVerificationUri) {
            interceptEmailVerification(url)
        } else {
            return false
        }
        return true
    }
}
