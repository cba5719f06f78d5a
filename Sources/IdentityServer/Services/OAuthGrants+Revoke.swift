import Foundation

extension OAuthGrants {
    /// RFC 7009: revokes `token`, whatever it is (an unknown token is not an error), in one
    /// transaction: a refresh token with its whole family, an access token by its id. The hint
    /// only decides which kind is looked for first.
    func revoke(_ request: RevokeRequest) async throws {
        try core.configuration.requireClient(request.clientId)
        let token = try ProfileInput.required(request.token?.text, "token", max: 8192)
        let hint = request.tokenTypeHint
        let now = core.now
        let lifetimes = core.configuration.lifetimes
        // The signature is checked off the store's executor; revocation is checked by no one here.
        let access = try? tokens.verifyAccessToken(token, now: core.clock.now) // not an access token of ours: nil
        try await core.store.transaction { db in
            let refresh = try core.store.refreshGrant(token, in: db)
            if hint != "access_token", let refresh {
                try core.store.revokeFamily(refresh.family, until: Self.familyRevocationEnd(refresh, now: now, lifetimes), in: db)
            } else if let access {
                try core.store.revokeAccessToken(jti: access.jti, until: max(access.expiresAt, now), in: db)
            } else if let refresh {
                try core.store.revokeFamily(refresh.family, until: Self.familyRevocationEnd(refresh, now: now, lifetimes), in: db)
            }
        }
    }

    /// A family's revocation must outlive its newest access token, which can be younger than the
    /// refresh token presented (an old, even expired, member of the family).
    private static func familyRevocationEnd(
        _ grant: IdentityStore.RefreshGrant, now: Int64, _ lifetimes: ServerConfiguration.Lifetimes
    ) -> Int64 {
        max(grant.expiresAt, now + lifetimes.accessToken)
    }
}
