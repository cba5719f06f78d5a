// Stand-in for the SDK's CredentialManager (CredentialManager.swift is left out: it is the
// ASAuthorizationController sheet, which Linux has not). Same signatures as the release's, so
// ReachFiveNative.swift and AppleProvider.swift build as they are; every call ends as a sheet that
// cannot be shown. The driver makes the passkey ceremonies through ReachFiveApi instead.
import AuthenticationServices
import Foundation

class CredentialManager: NSObject {
    private static var noSheet: ReachFiveError {
        .TechnicalError(reason: "no ASAuthorizationController on Linux (reference-sdk stand-in)")
    }

    #if SDK_11_0
        override init() {}

        func cancelOngoingRequests() {}

        func signUp(
            withRequest request: SignupOptions, scopes: [String], presenting: Presentation, originR5: String? = nil,
            reachFive: ReachFive
        ) async throws -> AuthToken { throw Self.noSheet }

        func registerNewPasskey(
            withRequest request: NewPasskeyRequest, originWebAuthn: String, authToken: AuthToken, reachFive: ReachFive
        ) async throws { throw Self.noSheet }

        func resetPasskeys(withRequest request: ResetPasskeyRequest, originWebAuthn: String, reachFive: ReachFive)
            async throws
        { throw Self.noSheet }

        func beginAutoFillAssistedPasskeySignIn(request: ResolvedNativeLoginRequest, reachFive: ReachFive) async throws
            -> AuthToken
        { throw Self.noSheet }

        func login(
            withNonDiscoverableUsername username: Username, forRequest request: ResolvedNativeLoginRequest,
            usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode,
            reachFive: ReachFive
        ) async throws -> AuthToken { throw Self.noSheet }

        func login(
            withRequest request: ResolvedNativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization],
            display mode: Mode, appleProvider: ConfiguredAppleProvider?, reachFive: ReachFive
        ) async throws -> LoginFlow { throw Self.noSheet }
    #else
        init(reachFiveApi: ReachFiveApi, storage: Storage) {}

        func signUp(withRequest request: SignupOptions, anchor: ASPresentationAnchor, originR5: String? = nil)
            async throws -> AuthToken
        { throw Self.noSheet }

        func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) async throws {
            throw Self.noSheet
        }

        func resetPasskeys(withRequest request: ResetPasskeyRequest) async throws { throw Self.noSheet }

        func beginAutoFillAssistedPasskeySignIn(request: NativeLoginRequest) async throws -> AuthToken {
            throw Self.noSheet
        }

        func login(
            withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
            usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
        ) async throws -> AuthToken { throw Self.noSheet }

        func login(
            withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization],
            display mode: Mode, appleProvider: ConfiguredAppleProvider?
        ) async throws -> LoginFlow { throw Self.noSheet }
    #endif
}
