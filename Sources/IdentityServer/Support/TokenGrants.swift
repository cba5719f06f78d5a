import Encoding
import Foundation

extension ServerEnvironment {
    /// Issues the token response for `account` and keeps its refresh token (hashed) when one
    /// is issued, in the rotation family `family` (a new family when nil).
    func issueTokens(account: Account, clientId: String, scope: [String], authTime: Int64, nonce: String? = nil,
                     family: String? = nil) throws -> JSONValue {
        let now = self.now
        let issued = try tokens.issue(.init(account: account, clientId: clientId, scope: scope, authTime: authTime, nonce: nonce, family: family),
                                      now: now, secrets: secrets)
        if let refresh = issued.refreshToken {
            try store.write { db in
                try store.insertRefreshToken(refresh, .init(family: issued.family, accountId: account.id, clientId: clientId,
                                                            scope: scope.joined(separator: " "), authTime: authTime,
                                                            expiresAt: now + configuration.lifetimes.refreshToken, state: "active"), in: db)
            }
        }
        return issued.response
    }
}
