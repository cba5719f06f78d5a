/// A session kept across runs (a CLI's saved tokens), renewed the way an app renews one.
extension ReachFive {
    /// The refresh token was refused (expired or revoked): the session is over, and `reason`
    /// is the server's answer.
    public struct SessionEnded: Error, Sendable {
        public let reason: ReachFiveError
    }

    /// Runs `body` with a saved session's `token`. An `expired` token is refreshed first; a token
    /// the server refuses (`AuthFailure`, its 401: a revocation, or its clock ahead of ours) is
    /// refreshed once and `body` run again. Each refreshed token goes to `keep` before it is
    /// used, since refresh tokens rotate. A refresh the server refuses throws ``SessionEnded``;
    /// a technical failure of the refresh is thrown as it is.
    public func withSession<T: Sendable>(
        _ token: AuthToken, expired: Bool, keep: (AuthToken) throws -> Void, _ body: (AuthToken) async throws -> T
    ) async throws -> T {
        var current = token
        var refreshed = false
        func refresh() async throws {
            do { current = try await refreshAccessToken(authToken: current) } catch let error as ReachFiveError where !error.isTechnical {
                throw SessionEnded(reason: error)
            }
            try keep(current)
            refreshed = true
        }
        if expired, current.refreshToken != nil { try await refresh() }
        do { return try await body(current) } catch ReachFiveError.AuthFailure where !refreshed && current.refreshToken != nil {
            try await refresh()
            return try await body(current)
        }
    }
}
