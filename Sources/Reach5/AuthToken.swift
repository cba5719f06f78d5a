import Encoding
import Foundation

/// The tokens of a login, as the SDK's `AuthToken`. `user` is read from the id_token's payload
/// (not verified, as the SDK does not verify it); a claim of the wrong type fails the login.
public class AuthToken: Codable, @unchecked Sendable {
    public let idToken: String?
    public let accessToken: String
    public let refreshToken: String?
    public let tokenType: String?
    public let expiresIn: Int?
    public let user: OpenIdUser?

    public init(
        idToken: String? = nil, accessToken: String, refreshToken: String? = nil, tokenType: String? = nil, expiresIn: Int? = nil,
        user: OpenIdUser? = nil
    ) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.user = user
    }

    /// 11.0: the tokens of a token response, the user read from its id_token when there is one.
    public static func fromOpenIdTokenResponse(_ openIdTokenResponse: AccessTokenResponse) throws -> AuthToken {
        let r = openIdTokenResponse
        let user = try r.idToken.map { (token) throws(ReachFiveError) in try OpenIdUser.fromIdToken(token) }
        return AuthToken(
            idToken: r.idToken, accessToken: r.accessToken, refreshToken: r.refreshToken, tokenType: r.tokenType,
            expiresIn: r.expiresIn, user: user)
    }

    /// 8.2: the same, as a Future.
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public static func fromOpenIdTokenResponseFuture(_ openIdTokenResponse: AccessTokenResponse) -> Future<AuthToken, ReachFiveError> {
        Future { try fromOpenIdTokenResponse(openIdTokenResponse) }
    }

    /// The Authorization header value: the server's `token_type` (or Bearer), then the token.
    var authorization: String { "\(tokenType ?? "Bearer") \(accessToken)" }

    /// From a token response (docs/design/reachfive-protocol.md §4.2): `access_token` required, `expires_in` a number.
    static func from(_ json: JSONValue) throws(ReachFiveError) -> AuthToken {
        guard case .object = json else { throw .TechnicalError(reason: "The token response is not a JSON object") }
        let wire: TokenResponse
        do { wire = try ResponseDecoder.strict.decode(TokenResponse.self, from: json) } catch {
            switch (error.code, error.path) {
            case (.required, _): throw .TechnicalError(reason: "keyNotFound: \(error.path)")
            case (_, "expires_in"): throw .TechnicalError(reason: "typeMismatch: expires_in is not an integer")
            default: throw .TechnicalError(reason: "typeMismatch: \(error.path) is not a string")
            }
        }
        return AuthToken(
            idToken: wire.idToken, accessToken: wire.accessToken, refreshToken: wire.refreshToken, tokenType: wire.tokenType,
            expiresIn: wire.expiresIn, user: try wire.idToken.map { (token) throws(ReachFiveError) in try OpenIdUser.fromIdToken(token) })
    }
}

/// A token response's members (RFC 6749 §5.1), as the server spells them.
private struct TokenResponse: Decodable {
    var accessToken: String
    var idToken: String?
    var refreshToken: String?
    var tokenType: String?
    var expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}
