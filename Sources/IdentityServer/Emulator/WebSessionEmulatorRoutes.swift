import Hummingbird

/// The emulator API of the hosted login page's SSO sessions: listed (one account's with
/// `?account_id=`), opened for an account (the answer holds the `r5_sso` cookie a test gives its
/// browser: exported on purpose), and ended.
struct WebSessionEmulatorRoutes {
    let grants: OAuthGrants

    struct SessionItem: Encodable, Sendable {
        var id: String
        var accountId: String
        var method: String
        var authTime: Int64
        var createdAt: Int64
        var expiresAt: Int64

        init(_ row: IdentityStore.WebSessionRow) {
            (id, accountId, method, authTime) = (row.id, row.accountId, row.method, row.authTime)
            (createdAt, expiresAt) = (row.createdAt, row.expiresAt)
        }

        enum CodingKeys: String, CodingKey {
            case id
            case accountId = "account_id"
            case method
            case authTime = "auth_time"
            case createdAt = "created_at"
            case expiresAt = "expires_at"
        }
    }

    struct SessionsResponse: Encodable, Sendable { var items: [SessionItem] }

    struct SessionsQuery: Decodable, Sendable {
        var accountId: String?
        enum CodingKeys: String, CodingKey { case accountId = "account_id" }
    }

    struct OpenRequest: Decodable, Sendable {
        var accountId: String
        enum CodingKeys: String, CodingKey { case accountId = "account_id" }
    }

    struct OpenedSession: Encodable, Sendable {
        var session: SessionItem
        var cookie: Cookie

        struct Cookie: Encodable, Sendable {
            var name: String
            var value: String
        }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.emulator(.get, "/emulator/v1/sessions") { request, _ in
            let query = try RequestBody.decodeQuery(SessionsQuery.self, from: request)
            return try JSONResponse.make(
                SessionsResponse(items: try await grants.webSessions(accountId: query.accountId).map(SessionItem.init)))
        }
        routes.emulator(.post, "/emulator/v1/sessions") { request, _ in
            let body = try await RequestBody.decode(OpenRequest.self, from: request)
            let (row, secret) = try await grants.openWebSession(accountId: body.accountId)
            return try JSONResponse.make(
                OpenedSession(session: SessionItem(row), cookie: .init(name: OAuthGrants.webSessionCookie, value: secret)), status: .created
            )
        }
        routes.emulator(.delete, "/emulator/v1/sessions/:id") { _, context in
            guard try await grants.endWebSession(id: try context.parameters.require("id")) else {
                throw APIError.notFound("No such session")
            }
            return JSONResponse.noContent()
        }
    }
}
