import Encoding
import Hummingbird

/// Password signup: `POST /identity/v1/signup-token` (the iOS SDK: tokens in the response) and
/// `POST /identity/v1/signup` (the web SDK: `{id, tkn}`, then the tkn exchange).
struct SignupRoutes {
    let accounts: Accounts
    let configuration: ServerConfiguration

    /// The body both routes take.
    struct SignupRequest: Decodable, Sendable {
        var clientId: String?
        var data: SignupData
        var scope: String?
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey {
            case clientId = "client_id"
            case data, scope
            case redirectUrl = "redirect_url"
        }
    }

    /// `data`: the profile and the password.
    struct SignupData: Decodable, Sendable {
        var profile: ProfileFields
        var password: String?

        init(from decoder: any Decoder) throws {
            profile = try ProfileFields(from: decoder)
            password = try decoder.container(keyedBy: FieldKey.self).decodeIfPresent(String.self, forKey: "password")
        }
    }

    /// `/signup`'s answer: the account id, and a `tkn` when unverified identifiers may log in.
    struct SignupResponse: Encodable, Sendable {
        var id: String
        var tkn: String?
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/signup-token") { request, _ in
            let (signup, scope) = try await read(request)
            let done = try await accounts.signup(
                signup.data.profile, password: signup.data.password, redirectURL: signup.redirectUrl, login: .tokens(scope: scope))
            // Without tokens (unverified identifiers may not log in): the SDK's
            // AwaitingIdentifierVerification, an empty object.
            return JSONResponse.make(done.tokens ?? .object([:]))
        }
        routes.anonymous(.post, "/identity/v1/signup") { request, _ in
            let (signup, _) = try await read(request)
            let done = try await accounts.signup(
                signup.data.profile, password: signup.data.password, redirectURL: signup.redirectUrl, login: .tkn)
            return try JSONResponse.make(SignupResponse(id: done.account.id, tkn: done.tkn))
        }
    }

    /// The body, with its client and scopes checked.
    private func read(_ request: Request) async throws -> (SignupRequest, [String]) {
        let signup = try await RequestBody.decode(SignupRequest.self, from: request)
        try configuration.requireClient(signup.clientId)
        return (signup, try configuration.scopes(signup.scope))
    }
}
