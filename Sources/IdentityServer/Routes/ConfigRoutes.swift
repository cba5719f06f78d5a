import Encoding
import Hummingbird

/// `GET /identity/v1/config` and `GET /api/v1/providers`: what `initialize()` reads.
struct ConfigRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/identity/v1/config") { request, _ in
            try env.requireClient(request.uri.queryParameters.get("client_id"))
            let c = env.configuration
            return JSONResponse.make(
                .object([
                    "scope": .string(c.scopes.joined(separator: " ")),
                    "sms": .bool(c.sms),
                    "password_policy": .object([
                        "min_strength": .number(Double(c.passwordMinimumScore)),
                        "allow_update_with_access_token_only": .bool(true),
                    ]),
                ]))
        }
        router.get("/api/v1/providers") { _, _ in
            var items: [JSONValue] = []
            // Apple is offered only when it can work: enabled and with issuer keys to check its
            // identity tokens. The SDK builds its sheet from this list, so a default server (Apple
            // enabled, no keys) must not send apps to a sign-up that always fails.
            if env.configuration.apple.enabled && env.appleKeys != nil {
                items.append(
                    .object([
                        "provider": "apple", "client_id": .string(env.configuration.apple.clientId),
                        "scope": .array(["email", "name"]),
                    ]))
            }
            return JSONResponse.make(.object(["items": .array(items), "status": "success"]))
        }
    }
}
