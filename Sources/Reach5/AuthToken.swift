import Encoding
import Foundation

/// The tokens of a login, as the SDK's `AuthToken`. `user` is read from the id_token's payload
/// (not verified, as the SDK does not verify it); a claim of the wrong type fails the login.
public struct AuthToken: Sendable, Codable, Equatable {
    public let idToken: String?
    public let accessToken: String
    public let refreshToken: String?
    public let tokenType: String?
    public let expiresIn: Int?
    public let user: OpenIdUser?

    public init(idToken: String?, accessToken: String, refreshToken: String?, tokenType: String?, expiresIn: Int?, user: OpenIdUser?) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.user = user
    }

    /// The Authorization header value: the server's `token_type` (or Bearer), then the token.
    var authorization: String { "\(tokenType ?? "Bearer") \(accessToken)" }

    /// From a token response (protocol doc §4.2): `access_token` required, `expires_in` a number.
    static func from(_ json: JSONValue) throws(ReachFiveError) -> AuthToken {
        guard case .object(let o) = json else { throw .TechnicalError(reason: "The token response is not a JSON object") }
        guard case .string(let access)? = o["access_token"] else { throw .TechnicalError(reason: "keyNotFound: access_token") }
        func optionalString(_ key: String) throws(ReachFiveError) -> String? {
            switch o[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw .TechnicalError(reason: "typeMismatch: \(key) is not a string")
            }
        }
        var expiresIn: Int?
        switch o["expires_in"] {
        case nil, .null?: break
        case .number(let n)? where Int(exactly: n) != nil: expiresIn = Int(exactly: n)
        default: throw .TechnicalError(reason: "typeMismatch: expires_in is not an integer")
        }
        let idToken = try optionalString("id_token")
        return AuthToken(
            idToken: idToken, accessToken: access, refreshToken: try optionalString("refresh_token"),
            tokenType: try optionalString("token_type"), expiresIn: expiresIn,
            user: try idToken.map { (token) throws(ReachFiveError) in try OpenIdUser.fromIdToken(token) })
    }
}
