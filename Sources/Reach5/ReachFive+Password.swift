import Encoding
import Foundation

/// Password signup and login (ReachFivePassword.swift at both tags; docs/design/reachfive-protocol.md §5, §6).
extension ReachFive {
    /// Signs up with a password (`POST /identity/v1/signup-token`): `.AchievedLogin` with the
    /// tokens the server gives at once, `.AwaitingIdentifierVerification` when it gives none (an
    /// account that must verify its email or phone number before it logs in).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func signup(profile: ProfileSignupRequest, redirectUrl: URL? = nil, scope: [String]? = nil, origin: String? = nil)
        async throws -> SignupFlow
    {
        let request = SignupRequest(
            clientId: sdkConfig.clientId, data: profile, scope: scopes(scope), redirectUrl: redirectUrl, origin: origin)
        let json = try await reachFiveApi.signupJSON(request)
        guard json["access_token"] != nil else { return .AwaitingIdentifierVerification }
        return .AchievedLogin(authToken: try AuthToken.from(json))
    }

    /// Logs in with an identifier and a password (`POST /identity/v1/password/login`). Without a
    /// second factor the `tkn` is exchanged for tokens (`.AchievedLogin`); when the server answers
    /// `mfa_required`, the step-up starts (`POST /identity/v1/mfa/stepup`) and `.OngoingStepUp`
    /// carries its token, the PKCE kept for the step-up's end as the SDK keeps it.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func loginWithPassword(
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        scope: [String]? = nil, origin: String? = nil
    ) async throws -> LoginFlow {
        let scopeString = scopes(scope)
        let login = try await reachFiveApi.loginWithPassword(
            loginRequest: LoginRequest(
                email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, password: password, grantType: "password",
                clientId: sdkConfig.clientId, scope: scopeString, origin: origin))
        guard login.mfaRequired == true else {
            return .AchievedLogin(authToken: try await loginCallback(tkn: login.tkn, scopes: scope, origin: origin))
        }
        let pkce = PKCE()
        flowState.pendingPKCE = pkce
        // The step-up a login starts: 11.0's `StartMfaStepUpRequest` with the login's `tkn` and no `action`.
        let started = try await reachFiveApi.startMfaStepUp(
            StartMfaStepUpRequest(
                clientId: sdkConfig.clientId, redirectUri: sdkConfig.redirectUri, codeChallenge: pkce.challenge, scope: scopeString,
                tkn: login.tkn, action: nil))
        return .OngoingStepUp(token: started.token, availableMfaCredentialItemTypes: started.amr)
    }

}
