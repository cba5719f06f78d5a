import Foundation
import Reach5

// What an app built against ReachFive iOS SDK 11.0.0 cannot call. `.ci/release-traits` compiles
// this file against `Reach5` with the ReachFive11 trait alone: each line marked `expect-error`
// must fail to compile, and no other line may.
func refusedUnderReachFive11(
    r5: ReachFive, config: SdkConfig, token: AuthToken, window: HeadlessPresentation, profile: ProfilePasskeySignupRequest
) async throws {
    // The control: 11.0's own forms compile.
    let _: Profile = try await r5.getProfile(authToken: token)
    _ = NativeLoginRequest(presenting: Presentation(from: window))
    _ = SdkInternalConfig()
    let _: ASPresentationAnchor = window
    // 8.2's Future forms, anchor: initializers and String redirects.
    _ = r5.getProfile(authToken: token).onSuccess { _ in } // expect-error
    _ = r5.logout().onComplete { _ in } // expect-error
    _ = NativeLoginRequest(anchor: window) // expect-error
    _ = PasskeySignupRequest(passkeyProfile: profile, friendlyName: "f", anchor: window) // expect-error
    _ = Credential.Email(redirectUrl: "app://mfa") // expect-error
    let _: LoginCallback.Type = LoginCallback.self // expect-error
    _ = CredentialManager(reachFiveApi: r5.reachFiveApi, storage: UserDefaultsStorage()) // expect-error
    // The seed pages' spellings, which no release declares.
    _ = PasskeySignupRequest(passkeyPofile: profile, friendlyName: "f", anchor: window) // expect-error
    LoginWKWebview().loadLoginWebview(reachfive: r5, promise: Promise()) // expect-error
    _ = UpdatePasswordParams.AccessTokenParams(authToken: token, oldPassword: "o", password: "p") // expect-error
    let _: AuthToken = try await r5.refreshAccessToken(token) // expect-error
}
