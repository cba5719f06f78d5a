import Encoding
import Foundation

/// Password signup and login (protocol doc §5, §6).
extension ReachFive {
    private struct SignupRequest: Encodable {
        let clientId: String, data: ProfileSignupRequest, scope: String, redirectUrl: String?, origin: String?
    }
    private struct LoginRequest: Encodable {
        let email: String?, phoneNumber: String?, customIdentifier: String?, password: String, grantType = "password"
        let clientId: String, scope: String, origin: String?
    }
    private struct TknResponse: Decodable {
        let tkn: String
        let mfaRequired: Bool?
    }

    /// Signs up and returns the tokens the server gives directly (`/identity/v1/signup-token`).
    /// With an account that forbids login before verification there are none: `AuthFailure`
    /// says so (the 10.x SDK's `AwaitingIdentifierVerification`).
    public func signup(profile: ProfileSignupRequest, redirectUrl: String? = nil, scope: [String]? = nil, origin: String? = nil)
        async throws -> AuthToken
    {
        let json = try await api.json(
            "POST", "/identity/v1/signup-token",
            body: SignupRequest(
                clientId: sdkConfig.clientId, data: profile, scope: scopes(scope), redirectUrl: redirectUrl, origin: origin))
        if json["access_token"] == nil {
            throw ReachFiveError.AuthFailure(
                reason: "AwaitingIdentifierVerification: the account must verify its identifier before logging in")
        }
        return try AuthToken.from(json)
    }

    public func signup(profile: ProfileSignupRequest, redirectUrl: String? = nil, scope: [String]? = nil, origin: String? = nil) -> Future<
        AuthToken, ReachFiveError
    > {
        future { try await self.signup(profile: profile, redirectUrl: redirectUrl, scope: scope, origin: origin) }
    }

    public func loginWithPassword(
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        scope: [String]? = nil, origin: String? = nil
    ) async throws -> AuthToken {
        let tkn = try await api.decode(
            TknResponse.self, "POST", "/identity/v1/password/login",
            body: LoginRequest(
                email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, password: password,
                clientId: sdkConfig.clientId, scope: scopes(scope), origin: origin))
        if tkn.mfaRequired == true { throw ReachFiveError.TechnicalError(reason: "MFA step-up is not supported by this facade") }
        return try await loginCallback(tkn: tkn.tkn, scopes: scope, origin: origin)
    }

    public func loginWithPassword(
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        scope: [String]? = nil, origin: String? = nil
    ) -> Future<AuthToken, ReachFiveError> {
        future {
            try await self.loginWithPassword(
                email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, password: password, scope: scope, origin: origin
            )
        }
    }
}
