import Foundation

/// Password changes and resets (ReachFiveProfile.swift's password methods at both tags).
extension ReachFive {
    /// `POST /identity/v1/update-password`: the token forms are authorized by the profile's token,
    /// the code forms name the client and the identifier the reset code went to.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func updatePassword(_ updatePasswordParams: UpdatePasswordParams) async throws {
        try await reachFiveApi.updatePassword(
            authToken: updatePasswordParams.getAuthToken(),
            updatePasswordRequest: UpdatePasswordRequest(updatePasswordParams: updatePasswordParams, sdkConfig: sdkConfig))
    }

    /// `POST /identity/v1/forgot-password`: a reset code (and, by email, a link to `redirectUrl`)
    /// to the identifier; the same answer whether or not an account has it.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func requestPasswordReset(email: String? = nil, phoneNumber: String? = nil, redirectUrl: URL? = nil, origin: String? = nil)
        async throws
    {
        try await reachFiveApi.requestPasswordReset(
            requestPasswordResetRequest: RequestPasswordResetRequest(
                clientId: sdkConfig.clientId, email: email, phoneNumber: phoneNumber, redirectUrl: redirectUrl, origin: origin))
    }

}
