import Foundation

/// Account recovery (ReachFiveProfile.swift at both tags): a code and a link to
/// `SdkConfig.accountRecoveryUri` (or the `redirectUrl` given); the link, handed to
/// `interceptUrl`, reaches the callback with the address and the code, which `resetPasskeys`
/// (or a password reset) then takes.
extension ReachFive {
    /// `POST /identity/v1/account-recovery`.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func requestAccountRecovery(
        email: String? = nil, phoneNumber: String? = nil, redirectUrl: URL? = nil, origin: String? = nil
    ) async throws {
        try await reachFiveApi.requestAccountRecovery(
            RequestAccountRecoveryRequest(
                clientId: sdkConfig.clientId, email: email, phoneNumber: phoneNumber,
                redirectUrl: redirectUrl ?? sdkConfig.accountRecoveryUri,
                origin: origin))
    }

    public func addAccountRecoveryCallback(accountRecoveryCallback: @escaping AccountRecoveryCallback) {
        self.accountRecoveryCallback = accountRecoveryCallback
    }

    /// Reads an account-recovery link: an `error` goes to the callback as a `TechnicalError` with
    /// the link's error fields; otherwise its `verification_code` and `email`.
    public func interceptAccountRecovery(_ url: URL) {
        let params = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems
        func param(_ name: String) -> String? { params?.first { $0.name == name }?.value }
        let callback = accountRecoveryCallback
        if let error = param("error") {
            callback?(.failure(.TechnicalError(reason: error, apiError: ApiError(fromQueryParams: params))))
        } else if let verificationCode = param("verification_code") {
            if let email = param("email") {
                callback?(.success(AccountRecoveryResponse(email: email, verificationCode: verificationCode)))
            } else {
                callback?(.failure(.TechnicalError(reason: "No email", apiError: ApiError(fromQueryParams: params))))
            }
        } else {
            callback?(.failure(.TechnicalError(reason: "No authorization code", apiError: ApiError(fromQueryParams: params))))
        }
    }
}
