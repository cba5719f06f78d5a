import Encoding
import Foundation

extension ServerEnvironment {
    /// Issues the token response for `account` and keeps its refresh token (hashed) when one
    /// is issued, in the rotation family `family` (a new family when nil). The tokens carry
    /// `account`'s session generation, so `account` must be read in the transaction that took the
    /// grant (code or refresh token).
    func issueTokens(
        account: Account, clientId: String, scope: [String], authTime: Int64, nonce: String? = nil,
        family: String? = nil
    ) throws -> JSONValue {
        let now = self.now
        let issued = try tokens.issue(
            .init(account: account, clientId: clientId, scope: scope, authTime: authTime, nonce: nonce, family: family),
            now: now, secrets: secrets)
        if let refresh = issued.refreshToken {
            try store.write { db in
                // Only for the session generation the tokens carry: a refresh token stored after
                // the account's sessions ended would outlive them.
                guard try store.account(id: account.id, in: db)?.sessionGeneration == account.sessionGeneration else {
                    throw APIError.invalidGrant("The account's sessions ended during this request")
                }
                try store.insertRefreshToken(
                    refresh,
                    .init(
                        family: issued.family, accountId: account.id, clientId: clientId,
                        scope: scope.joined(separator: " "), authTime: authTime,
                        expiresAt: now + configuration.lifetimes.refreshToken, state: "active"), in: db)
            }
        }
        if configuration.emulatorAPI {
            let who = account.email ?? account.phoneNumber ?? account.customIdentifier ?? account.id
            for kind in ["access_token", "id_token"] {
                if case .string(let jwt)? = issued.response[kind] {
                    recentTokens.note(.init(kind: kind, subject: who, issuedAt: now, token: jwt))
                }
            }
        }
        return issued.response
    }
}
