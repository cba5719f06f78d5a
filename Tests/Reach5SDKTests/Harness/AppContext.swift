import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing

// The app context the SDK's documentation examples assume, defined by the test (the allowed
// substitutions): `AppDelegate.reachfive()`, a headless window, and the values a page says to
// "paste here" (tokens and codes from earlier steps). Each test sets what its example needs.

/// The app's `AppDelegate.reachfive()`: the instance the current test made.
enum AppDelegate {
    nonisolated(unsafe) static var instance: ReachFive!
    static func reachfive() -> ReachFive { instance }
}

/// The presentation anchor the examples pass as `anchor:`/`presenting:` (the app's window).
nonisolated(unsafe) var window: HeadlessPresentation!
/// The token of the signed-in profile ("paste the authorization token of the profile").
nonisolated(unsafe) var profileAuthToken: AuthToken!
/// A token from a login in the last few minutes (fresh enough for a password change).
nonisolated(unsafe) var freshProfileAuthToken: AuthToken!
nonisolated(unsafe) var authToken: AuthToken!
/// A code the server sent (from the emulator's outbox).
nonisolated(unsafe) var verificationCode: String!
nonisolated(unsafe) var email: String!
nonisolated(unsafe) var username: String!
nonisolated(unsafe) var friendlyName: String!
nonisolated(unsafe) var deviceId: String!
nonisolated(unsafe) var id: String!
nonisolated(unsafe) var profile: ProfilePasskeySignupRequest!
/// The provider name a page says to paste ("Here paste the name of the provider").
nonisolated(unsafe) var pastedProviderName: String!
/// The app's remote `SdkConfig` (providerCreator's `sdkRemote`).
nonisolated(unsafe) var sdkRemote: SdkConfig!
/// The server's domain and client id (the custom-provider guide's `DOMAIN`, `CLIENT_ID`).
nonisolated(unsafe) var DOMAIN: String!
nonisolated(unsafe) var CLIENT_ID: String!
/// The server's client id (the `${clientId}` of the pages' redirect URIs).
nonisolated(unsafe) var clientId = ""
/// What the user typed in the passwordless form (verifyPasswordlessCode's pages).
nonisolated(unsafe) var emailInput: String!
nonisolated(unsafe) var phoneNumberInput: String!
nonisolated(unsafe) var verificationCodeInput: String!

/// The application/* examples declare their own `class AppDelegate: UIResponder, UIApplicationDelegate`
/// and call `AppDelegate.reachfive()` on it: the harness gives every app delegate class that.
extension UIApplicationDelegate {
    static func reachfive() -> ReachFive { AppDelegate.reachfive() }
}
/// The link the app is opened with (application/applicationOpenUrl: a link from the outbox).
nonisolated(unsafe) var openedURL: URL!
/// The user activity the app continues (application/applicationContinueUserActivity).
nonisolated(unsafe) var continuedActivity: NSUserActivity!
/// The step-up token a login answered (`.OngoingStepUp(token:…)`), for mfaStart(stepUp: .LoginFlow).
nonisolated(unsafe) var stepUpToken: String!
/// The challenge a started step-up gave (`ContinueStepUp.challengeId`), for mfaVerify(stepUp:).
nonisolated(unsafe) var challengeId: String!

/// What the app's `goToProfile` received (loadLoginWebview's pages): the token of a login.
nonisolated(unsafe) var profileShown: AuthToken?
func goToProfile(_ authToken: AuthToken) { profileShown = authToken }

/// The app's alert (`AppDelegate.createAlert`) and what `present` showed: the login web view's
/// failure, as the user would read it.
struct Alert {
    let title: String
    let message: String
}
nonisolated(unsafe) var presentedAlerts: [Alert] = []
extension AppDelegate {
    static func createAlert(title: String, message: String) -> Alert { Alert(title: title, message: message) }
}
func present(_ alert: Alert, animated: Bool) { presentedAlerts.append(alert) }
