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
        try from(openIdTokenResponse)
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

    /// From a token response read strictly (``AccessTokenResponse/from(_:)``): the user from its id_token.
    static func from(_ json: JSONValue) throws(ReachFiveError) -> AuthToken {
        try from(try AccessTokenResponse.from(json))
    }

    /// ``fromOpenIdTokenResponse(_:)`` with the error typed.
    static func from(_ r: AccessTokenResponse) throws(ReachFiveError) -> AuthToken {
        AuthToken(
            idToken: r.idToken, accessToken: r.accessToken, refreshToken: r.refreshToken, tokenType: r.tokenType,
            expiresIn: r.expiresIn, user: try r.idToken.map { (token) throws(ReachFiveError) in try OpenIdUser.fromIdToken(token) })
    }
}
