import Foundation

/// Passwordless login (ReachFivePasswordLess.swift at both tags): a magic link by email or a code
/// by SMS, bound to a PKCE challenge whose verifier waits in `storage` under `pkceKey` until the
/// code comes back, through `verifyPasswordlessCode` or the link (`interceptUrl`).
extension ReachFive {
    public func addPasswordlessCallback(passwordlessCallback: @escaping PasswordlessCallback) {
        self.passwordlessCallback = passwordlessCallback
    }

    /// Sends the link or code (`POST /identity/v1/passwordless/start`); the redirect URI defaults
    /// to `SdkConfig.redirectUri`.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func startPasswordless(_ request: PasswordLessRequest) async throws {
        let pkce = Pkce.generate()
        flowState.pendingPKCE = pkce.pair
        let body: StartPasswordlessRequest
        switch request {
        case .Email(let email, let redirectUri, let origin):
            body = StartPasswordlessRequest(
                clientId: sdkConfig.clientId, email: email, authType: .MagicLink, redirectUri: redirectUri ?? sdkConfig.redirectUri,
                codeChallenge: pkce.codeChallenge, codeChallengeMethod: pkce.codeChallengeMethod, origin: origin)
        case .PhoneNumber(let phoneNumber, let redirectUri, let origin):
            body = StartPasswordlessRequest(
                clientId: sdkConfig.clientId, phoneNumber: phoneNumber, authType: .SMS, redirectUri: redirectUri ?? sdkConfig.redirectUri,
                codeChallenge: pkce.codeChallenge, codeChallengeMethod: pkce.codeChallengeMethod, origin: origin)
        }
        try await reachFiveApi.startPasswordless(body)
    }

    /// Checks the code (`POST /identity/v1/verify-auth-code`), exchanges it for an authorization
    /// code (`POST /identity/v1/passwordless/verify`), then for tokens with the start's PKCE.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verifyPasswordlessCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) async throws -> AuthToken {
        guard let pkce = flowState.takePKCE() else { throw ReachFiveError.TechnicalError(reason: "Pkce not found") }
        try await reachFiveApi.verifyAuthCode(verifyAuthCodeRequest: verifyAuthCodeRequest)
        let code = try await passwordlessAuthorizationCode(
            email: verifyAuthCodeRequest.email, phoneNumber: verifyAuthCodeRequest.phoneNumber,
            verificationCode: verifyAuthCodeRequest.verificationCode, origin: verifyAuthCodeRequest.origin)
        return try await authWithCode(code: code, pkce: pkce)
    }

    /// The magic link came back (`interceptUrl`): the server checked the code and redirected to
    /// the app with an authorization `code`, exchanged here with the start's PKCE; the outcome
    /// goes to the passwordless callback. Without `code` (a refused link carries `error`) it is a
    /// `TechnicalError("No authorization code")` with the query's error, as the SDK's own
    /// `interceptPasswordless` answers. The work is tracked as the Futures are (`settled()`
    /// waits for the callback).
    func interceptPasswordless(_ url: URL) {
        let params = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems
        guard let pkce = flowState.takePKCE() else {
            passwordlessCallback?(.failure(.TechnicalError(reason: "Pkce not found")))
            return
        }
        guard let params, let code = params.first(where: { $0.name == "code" })?.value else {
            passwordlessCallback?(
                .failure(.TechnicalError(reason: "No authorization code", apiError: ApiError(fromQueryParams: params))))
            return
        }
        let callback = passwordlessCallback
        future { try await self.authWithCode(code: code, pkce: pkce) }
            .onComplete { result in callback?(result) }
    }

    /// `passwordless/verify`: the checked sign-in code for an authorization code.
    private func passwordlessAuthorizationCode(email: String?, phoneNumber: String?, verificationCode: String, origin: String?)
        async throws -> String
    {
        let body = VerifyPasswordlessRequest(
            email: email, phoneNumber: phoneNumber, verificationCode: verificationCode, state: "passwordless",
            clientId: sdkConfig.clientId, responseType: "code", origin: origin)
        let response = try await reachFiveApi.verifyPasswordless(verifyPasswordlessRequest: body)
        guard let code = response.code else { throw ReachFiveError.TechnicalError(reason: "No authorization code") }
        return code
    }
}
