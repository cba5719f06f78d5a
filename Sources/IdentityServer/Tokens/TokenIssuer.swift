import Encoding
import Foundation
import JOSE
import LatchkeyCrypto

/// Issues the token response of `/oauth/token` and `/identity/v1/signup-token`, and checks the
/// access tokens presented to the profile API.
///
/// Access tokens are ES256 JWTs (`iss`, `aud` = client id, `sub`, `scope`, `exp`, `iat`, `jti`,
/// `sid`, the refresh family they belong to, and `sgen`, the account's session generation);
/// `id_token` is added only for `openid`, signed with the client's configured algorithm (ES256 or
/// RS256), and a refresh token only for `offline_access`.
struct TokenIssuer: Sendable {
    let keys: SigningKeys
    let idTokenAlgorithm: ServerConfiguration.IDTokenAlgorithm
    private var key: SigningKey { keys.es256 }
    let issuer: String
    /// Issuers whose access tokens verify: this one and those the store signed under before
    /// (the server environment records this one in the store before it builds an issuer).
    let acceptedIssuers: Set<String>
    let lifetimes: ServerConfiguration.Lifetimes

    struct Grant: Sendable {
        var account: Account
        var clientId: String
        var scope: [String]
        var authTime: Int64
        var nonce: String?
        /// The session (refresh family) the tokens belong to; access tokens carry it as `sid`.
        var family: String
        /// The refresh token to hand out, already stored by the caller (nil without `offline_access`).
        var refreshToken: String?
    }

    /// Signs the access token (and the id token for `openid`) of `grant`. Nothing is stored here:
    /// the caller keeps the refresh token in the transaction that granted it.
    func issue(_ grant: Grant, now: Int64, secrets: SecretGenerator) throws -> TokenResponse {
        let scope = grant.scope.joined(separator: " ")
        let accessClaims: [String: JSONValue] = [
            "iss": .string(issuer), "aud": .string(grant.clientId), "sub": .string(grant.account.id),
            "client_id": .string(grant.clientId), "scope": .string(scope), "iat": .number(Double(now)),
            "exp": .number(Double(now + lifetimes.accessToken)), "auth_time": .number(Double(grant.authTime)),
            "jti": .string(secrets.token(bytes: 16)), "sid": .string(grant.family),
            "sgen": .number(Double(grant.account.sessionGeneration)),
        ]
        let accessToken = try JWT.signES256(claims: accessClaims, key: key.privateKey, keyId: key.keyId)
        var response = TokenResponse(
            accessToken: accessToken, expiresIn: lifetimes.accessToken, scope: scope, refreshToken: grant.refreshToken)
        if grant.scope.contains("openid") {
            var claims = ProfileClaims.idTokenClaims(grant.account, scope: grant.scope)
            claims["iss"] = .string(issuer)
            claims["aud"] = .string(grant.clientId)
            claims["iat"] = .number(Double(now))
            claims["exp"] = .number(Double(now + lifetimes.accessToken))
            claims["auth_time"] = .number(Double(grant.authTime))
            claims["at_hash"] = .string(S256.leftHalf(of: accessToken))
            if let nonce = grant.nonce { claims["nonce"] = .string(nonce) }
            response.idToken = try keys.sign(claims, with: idTokenAlgorithm)
        }
        return response
    }

    /// What a valid access token grants.
    struct Access: Sendable {
        var accountId: String
        var clientId: String
        var scope: Set<String>
        var jti: String
        var family: String?
        var sessionGeneration: Int64
        var expiresAt: Int64
        /// When the login behind the token happened (a refresh keeps it: refreshing is not
        /// logging in again).
        var authTime: Int64
        /// The session the token belongs to: its refresh family, or the token itself without one.
        var session: String { family ?? jti }
    }

    /// Checks signature, issuer, expiry at `now`; revocation is the caller's check.
    func verifyAccessToken(_ token: String, now: Date) throws(APIError) -> Access {
        let jwt: JWT
        do {
            jwt = try JWT.verify(
                token, key: key.publicKey, keyId: key.keyId,
                expecting: .init(issuer: nil, audience: nil, leeway: 0, now: now))
        } catch {
            throw APIError.invalidToken("The access token is invalid: \(error.message)")
        }
        guard let iss = jwt.string("iss"), acceptedIssuers.contains(iss) else {
            throw APIError.invalidToken("The access token is invalid: iss is not this server")
        }
        guard let sub = jwt.string("sub"), let jti = jwt.string("jti"), let clientId = jwt.string("client_id"),
            let exp = jwt.number("exp").flatMap({ Int64(exactly: $0) }),
            let generation = jwt.number("sgen").map({ Int64(exactly: $0) }) ?? 0
        else {
            throw APIError.invalidToken("The access token is not one of this server's access tokens")
        }
        let scope = Set((jwt.string("scope") ?? "").split(separator: " ").map(String.init))
        let authTime = jwt.number("auth_time").flatMap { Int64(exactly: $0) } ?? 0
        return Access(
            accountId: sub, clientId: clientId, scope: scope, jti: jti, family: jwt.string("sid"), sessionGeneration: generation,
            expiresAt: exp, authTime: authTime)
    }
}
