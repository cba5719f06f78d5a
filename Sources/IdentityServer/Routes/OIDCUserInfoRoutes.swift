import Encoding
import Hummingbird

/// `/identity/v1/userinfo`: the account behind the bearer token, as ReachFive's profile (with
/// `uid`) and as OIDC Core §5.3.2 asks (with `sub`, the id token's subject). OIDC Core §5.3.1
/// says GET and POST; both read the token from the `Authorization` header.
struct OIDCUserInfoRoutes {
    let sessions: Sessions
    let accounts: Accounts

    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.get, "/identity/v1/userinfo", .signedIn) { _, _, bearer in try await userInfo(bearer) }
        routes.bearer(.post, "/identity/v1/userinfo", .signedIn) { _, _, bearer in try await userInfo(bearer) }
    }

    func userInfo(_ bearer: Sessions.Bearer) async throws -> Response {
        let auth = try await sessions.authenticate(bearer)
        // `sub` is the same value as `uid` (the profile is always an object).
        var claims: [String: JSONValue] = [:]
        if case .object(let profile) = try await accounts.profile(auth.account) { claims = profile }
        claims["sub"] = .string(auth.account.id)
        return JSONResponse.make(.object(claims))
    }
}
