import Foundation
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
