import Encoding
import Foundation

/// The SDK's ReachFiveApi, authentication: provider and password logins, signup, the
/// `/oauth/authorize` redirect, the code and refresh exchanges, revocation and logout.
extension ReachFiveApi {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func loginWithProvider(loginProviderRequest: LoginProviderRequest) async throws -> AccessTokenResponse {
        try AccessTokenResponse.from(try await transport.json("POST", "/identity/v1/oauth/provider/token", body: loginProviderRequest))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func signupWithPassword(signupRequest: SignupRequest) async throws -> SignupTokenResponse {
        do { return try ResponseDecoder.decode(SignupTokenResponse.self, from: try await signupJSON(signupRequest)) } catch {
            throw ReachFiveError.TechnicalError(reason: "\(error)")
        }
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func loginWithPassword(loginRequest: LoginRequest) async throws -> TknMfa {
        try await transport.decode(TknMfa.self, "POST", "/identity/v1/password/login", body: loginRequest)
    }

    /// `GET /oauth/authorize` with `params`; the redirect is not followed: the code is read from
    /// its `Location` (an error in its query becomes the `TechnicalError`'s `apiError`).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func authorize(params: [String: String?]?) async throws -> String {
        let response = try await authorizeRedirect(query: query(params))
        guard let location = response.location, let callback = URLComponents(string: location),
            (300..<400).contains(response.status)
        else {
            throw ReachFiveError.TechnicalError(reason: "No location")
        }
        let items = callback.queryItems
        guard let code = items?.first(where: { $0.name == "code" })?.value else {
            throw ReachFiveError.TechnicalError(reason: "No authorization code", apiError: ApiError(fromQueryParams: items))
        }
        return code
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func authWithCode(authCodeRequest: AuthCodeRequest) async throws -> AccessTokenResponse {
        try AccessTokenResponse.from(try await transport.json("POST", "/oauth/token", body: authCodeRequest))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func refreshAccessToken(_ refreshRequest: RefreshRequest) async throws -> AccessTokenResponse {
        try AccessTokenResponse.from(try await transport.json("POST", "/oauth/token", body: refreshRequest))
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func logout() async throws {
        _ = try await logout(query: [], acceptRedirect: false)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func revokeToken(revokeTokenRequest: RevokeTokenRequest) async throws {
        try await send("POST", "/oauth/revoke", body: revokeTokenRequest)
    }

    /// The signup's answer as the server wrote it: the facade reads it strictly (tokens, or
    /// none when the account must verify an identifier first).
    func signupJSON(_ request: SignupRequest) async throws -> JSONValue {
        try await transport.json("POST", "/identity/v1/signup-token", body: request)
    }

    /// `GET /oauth/authorize`, its redirect not followed: the caller reads the `Location`.
    func authorizeRedirect(query: [(String, String?)]) async throws -> ReachFiveTransport.Response {
        try await transport.send("GET", "/oauth/authorize", query: query, acceptRedirect: true)
    }

    /// `GET /identity/v1/logout`; a web session's (with its redirect) reads no answer.
    func logout(query: [(String, String?)], acceptRedirect: Bool) async throws -> ReachFiveTransport.Response {
        try await transport.send("GET", "/identity/v1/logout", query: query, acceptRedirect: acceptRedirect)
    }
}
