import Encoding
import Foundation

/// The tkn → code → token exchange, refresh, revoke and logout (protocol doc §4).
extension ReachFive {
    private struct AuthCodeRequest: Encodable {
        let clientId: String, code: String, grantType = "authorization_code", redirectUri: String, codeVerifier: String
    }
    private struct RefreshRequest: Encodable {
        let clientId: String, refreshToken: String?, redirectUri: String, grantType = "refresh_token"
    }
    private struct RevokeRequest: Encodable { let token: String, tokenTypeHint: String, clientId: String }

    /// `/oauth/authorize` with `params` and a fresh PKCE, then `/oauth/token`.
    func authorize(_ params: [(String, String?)], pkce: PKCE = PKCE(), scopes: [String]?, origin: String?) async throws -> AuthToken {
        let shared: [(String, String?)] = [
            ("client_id", sdkConfig.clientId), ("response_type", "code"),
            ("redirect_uri", sdkConfig.redirectUri.absoluteString), ("scope", self.scopes(scopes)),
            ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"), ("origin", origin),
        ]
        let sharedNames = Set(shared.map(\.0))
        let response = try await api.send(
            "GET", "/oauth/authorize", query: shared + params.filter { !sharedNames.contains($0.0) }, acceptRedirect: true)
        guard let location = response.location, let url = URLComponents(string: location), url.scheme != "http", url.scheme != "https"
        else {
            throw ReachFiveError.TechnicalError(reason: "Request did not redirect as expected")
        }
        let items = url.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value?.replacingOccurrences(of: "+", with: " ") }
        guard let code = item("code") else {
            throw ReachFiveError.TechnicalError(
                reason: "No authorization code",
                apiError: ApiError(
                    error: item("error"), errorId: item("error_id"), errorUserMsg: item("error_user_msg"),
                    errorMessageKey: item("error_message_key"), errorDescription: item("error_description")))
        }
        return try await authWithCode(code: code, pkce: pkce)
    }

    func authWithCode(code: String, pkce: PKCE) async throws -> AuthToken {
        let json = try await api.json(
            "POST", "/oauth/token",
            body: AuthCodeRequest(
                clientId: sdkConfig.clientId, code: code,
                redirectUri: sdkConfig.redirectUri.absoluteString,
                codeVerifier: pkce.verifier))
        return try AuthToken.from(json)
    }

    /// The last step of every tkn-returning login.
    public func loginCallback(tkn: String, scopes: [String]?, origin: String? = nil) async throws -> AuthToken {
        try await authorize([("tkn", tkn)], scopes: scopes, origin: origin)
    }

    public func refreshAccessToken(authToken: AuthToken) async throws -> AuthToken {
        let json = try await api.json(
            "POST", "/oauth/token",
            body: RefreshRequest(
                clientId: sdkConfig.clientId, refreshToken: authToken.refreshToken,
                redirectUri: sdkConfig.redirectUri.absoluteString))
        return try AuthToken.from(json)
    }

    public func refreshAccessToken(authToken: AuthToken) -> Future<AuthToken, ReachFiveError> {
        future { try await self.refreshAccessToken(authToken: authToken) }
    }

    /// Revokes the access token, then the refresh token when there is one.
    public func revokeToken(authToken: AuthToken) async throws {
        _ = try await api.send(
            "POST", "/oauth/revoke",
            body: RevokeRequest(token: authToken.accessToken, tokenTypeHint: "access_token", clientId: sdkConfig.clientId))
        if let refresh = authToken.refreshToken {
            _ = try await api.send(
                "POST", "/oauth/revoke", body: RevokeRequest(token: refresh, tokenTypeHint: "refresh_token", clientId: sdkConfig.clientId))
        }
    }

    public func revokeToken(authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.revokeToken(authToken: authToken) }
    }

    /// Optionally revokes (errors swallowed, as the SDK does), then `GET /identity/v1/logout`,
    /// whose errors propagate.
    public func logout(revoke authToken: AuthToken? = nil) async throws {
        // a failed revocation does not stop the logout, as the SDK behaves (see above)
        if let authToken { try? await revokeToken(authToken: authToken) }
        _ = try await api.send("GET", "/identity/v1/logout")
    }

    public func logout(revoke authToken: AuthToken? = nil) -> Future<Void, ReachFiveError> {
        future { try await self.logout(revoke: authToken) }
    }
}
