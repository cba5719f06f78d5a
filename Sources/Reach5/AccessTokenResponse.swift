import Encoding
import Foundation

/// A token endpoint's answer, as the SDK's `AccessTokenResponse`.
public class AccessTokenResponse: Codable, @unchecked Sendable {
    public let idToken: String?
    public let accessToken: String
    public let refreshToken: String?
    public let code: String?
    public let tokenType: String?
    public let expiresIn: Int?
    public let error: String?
    public let errorDescription: String?

    public init(
        idToken: String?, accessToken: String, refreshToken: String?, code: String?, tokenType: String?, expiresIn: Int?,
        error: String?, errorDescription: String?
    ) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.code = code
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.error = error
        self.errorDescription = errorDescription
    }
}

extension AccessTokenResponse {
    /// A token endpoint's answer read strictly (docs/design/reachfive-protocol.md §4.2): an object,
    /// `access_token` required, `expires_in` a number, every other member a string. Every token
    /// exchange, the facade's and ``ReachFiveApi``'s, reads its answer here.
    static func from(_ json: JSONValue) throws(ReachFiveError) -> AccessTokenResponse {
        guard case .object = json else { throw .TechnicalError(reason: "The token response is not a JSON object") }
        let wire: TokenResponse
        do { wire = try ResponseDecoder.strict.decode(TokenResponse.self, from: json) } catch {
            switch (error.code, error.path) {
            case (.required, _): throw .TechnicalError(reason: "keyNotFound: \(error.path)")
            case (_, "expires_in"): throw .TechnicalError(reason: "typeMismatch: expires_in is not an integer")
            default: throw .TechnicalError(reason: "typeMismatch: \(error.path) is not a string")
            }
        }
        return AccessTokenResponse(
            idToken: wire.idToken, accessToken: wire.accessToken, refreshToken: wire.refreshToken, code: wire.code,
            tokenType: wire.tokenType, expiresIn: wire.expiresIn, error: wire.error, errorDescription: wire.errorDescription)
    }
}

/// A token response's members (RFC 6749 §5.1), as the server spells them.
private struct TokenResponse: Decodable {
    var accessToken: String
    var idToken: String?
    var refreshToken: String?
    var code: String?
    var tokenType: String?
    var expiresIn: Int?
    var error: String?
    var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case code
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case error
        case errorDescription = "error_description"
    }
}
