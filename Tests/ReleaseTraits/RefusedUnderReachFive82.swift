import Foundation
import Reach5

// What an app built against ReachFive iOS SDK 8.2.0 cannot call. `.ci/release-traits` compiles
// this file against `Reach5` with the ReachFive82 trait alone: each line marked `expect-error`
// must fail to compile, and no other line may.
func refusedUnderReachFive82(
    r5: ReachFive, config: SdkConfig, token: AuthToken, window: HeadlessPresentation, profile: ProfilePasskeySignupRequest
) async throws {
    // The control: 8.2's own forms compile.
    _ = r5.getProfile(authToken: token).onSuccess { _ in }
    _ = NativeLoginRequest(anchor: window)
    // 11.0's async forms, types and initializers.
    let _: Profile = try await r5.getProfile(authToken: token) // expect-error
    _ = try await r5.signup(profile: ProfileSignupRequest(password: "p", email: "e")) as SignupFlow // expect-error
    _ = NativeLoginRequest(presenting: Presentation(from: window)) // expect-error
    _ = SdkInternalConfig() // expect-error
    _ = WebSessionMode.customScheme // expect-error
    _ = ReachFive(sdkConfig: config, providersCreators: [], storage: nil, sdkInternalConfig: nil) // expect-error
    // The seed pages' spellings, which no release declares.
    _ = PasskeySignupRequest(passkeyPofile: profile, friendlyName: "f", anchor: window) // expect-error
    LoginWKWebview().loadLoginWebview(reachfive: r5, promise: Promise()) // expect-error
    _ = UpdatePasswordParams.AccessTokenParams(authToken: token, oldPassword: "o", password: "p") // expect-error
    _ = r5.refreshAccessToken(token) // expect-error
}
