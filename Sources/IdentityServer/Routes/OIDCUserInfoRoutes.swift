import Encoding
import Hummingbird

/// `/identity/v1/userinfo`: the account behind the bearer token, as ReachFive's profile (with
/// `uid`) and as OIDC Core §5.3.2 asks (with `sub`, the id token's subject). OIDC Core §5.3.1
/// says GET and POST; both read the token from the `Authorization` header.
struct OIDCUserInfoRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/identity/v1/userinfo") { request, _ in try await userInfo(request) }
        router.post("/identity/v1/userinfo") { request, _ in try await userInfo(request) }
    }

    func userInfo(_ request: Request) async throws -> Response {
        let auth = try await env.authenticate(request)
        // `sub` is the same value as `uid` (the profile is always an object).
        var claims: [String: JSONValue] = [:]
        if case .object(let profile) = ProfileClaims.profile(auth.account) { claims = profile }
        claims["sub"] = .string(auth.account.id)
        return JSONResponse.make(.object(claims))
    }
}
