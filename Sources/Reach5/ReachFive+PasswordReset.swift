import Foundation

/// Password changes and resets (ReachFiveProfile.swift's password methods at both tags).
extension ReachFive {
    /// `POST /identity/v1/update-password`: the token forms are authorized by the profile's token,
    /// the code forms name the client and the identifier the reset code went to.
    public func updatePassword(_ updatePasswordParams: UpdatePasswordParams) async throws {
        try await reachFiveApi.updatePassword(
            authToken: updatePasswordParams.getAuthToken(),
            updatePasswordRequest: UpdatePasswordRequest(updatePasswordParams: updatePasswordParams, sdkConfig: sdkConfig))
    }

    @_disfavoredOverload
    public func updatePassword(_ updatePasswordParams: UpdatePasswordParams) -> Future<(), ReachFiveError> {
        future { try await self.updatePassword(updatePasswordParams) }
    }

    /// `POST /identity/v1/forgot-password`: a reset code (and, by email, a link to `redirectUrl`)
    /// to the identifier; the same answer whether or not an account has it.
    public func requestPasswordReset(email: String? = nil, phoneNumber: String? = nil, redirectUrl: URL? = nil, origin: String? = nil)
        async throws
    {
        try await reachFiveApi.requestPasswordReset(
            requestPasswordResetRequest: RequestPasswordResetRequest(
                clientId: sdkConfig.clientId, email: email, phoneNumber: phoneNumber, redirectUrl: redirectUrl, origin: origin))
    }

    /// 8.2's form: `redirectUrl` a `String` (one that is not a URL is not sent), no origin.
    @_disfavoredOverload
    public func requestPasswordReset(email: String? = nil, phoneNumber: String? = nil, redirectUrl: String? = nil) -> Future<
        (), ReachFiveError
    > {
        let url = redirectUrl.flatMap(URL.init(string:))
        return future { try await self.requestPasswordReset(email: email, phoneNumber: phoneNumber, redirectUrl: url) }
    }
}
