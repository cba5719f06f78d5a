import Encoding
import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyCrypto

/// The browser's side of a web login: the hosted login page (`GET /login`, where
/// `/oauth/authorize` sends a browser without an SSO session; `POST /login`, its password form)
/// and the logout that ends the browser's session (`GET /identity/v1/logout`).
struct WebSessionRoutes {
    let grants: OAuthGrants
    let accounts: Accounts
    let providers: EmulatedProviders
    let names: ServerNames
    let configuration: ServerConfiguration

    struct LogoutQuery: Decodable, Sendable {
        var postLogoutRedirectUri: String?

        enum CodingKeys: String, CodingKey { case postLogoutRedirectUri = "post_logout_redirect_uri" }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.get, OAuthGrants.hostedLoginPath) { request, _ in
            let query = try RequestBody.decodeQuery(AuthorizeQuery.self, from: request)
            _ = try grants.checkWebLogin(query)
            return page(query, for: request)
        }
        routes.anonymous(.post, OAuthGrants.hostedLoginPath) { request, _ in
            // Login CSRF: a page elsewhere must not log this browser in as someone else. The
            // browser's own origin rule, and the page's token, which only the page can read.
            guard BrowserGuard.sameOrigin(request, names: names) else {
                throw APIError(.forbidden, "cross_site_request", "A cross-site post to the login page was refused", key: .invalidRequest)
            }
            let form = try await RequestBody.decode(HostedLoginForm.self, from: request)
            guard let expected = RequestCookie.value(named: HostedLoginPage.csrfCookie, in: request), let sent = form.csrf,
                constantTimeEquals(Array(sent.utf8), Array(expected.utf8))
            else {
                throw APIError(
                    .forbidden, "cross_site_request", "The login form's token is missing or not this page's; reload the page",
                    key: .invalidRequest)
            }
            _ = try grants.checkWebLogin(form.authorize)
            let locale = LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage])
            let outcome: LoginCompletion.Outcome
            do {
                outcome = try await accounts.passwordLogin(
                    form.loginIdentifier, password: form.password, trustedDevice: MfaRoutes.trustedDevice(of: request))
            } catch let refusal as APIError where refusal.status == .badRequest {
                // The page again, saying why, as a person would see it.
                return page(
                    form.authorize, for: request, error: LocalizedMessages.message(refusal.messageKey, locale: locale),
                    identifier: form.identifier)
            }
            switch outcome {
            case .tkn(let tkn):
                var query = form.authorize
                query.tkn = tkn
                let answer = try await grants.authorize(
                    query, trustedDevice: MfaRoutes.trustedDevice(of: request), opensWebSession: true, locale: locale)
                var headers: HTTPFields = [.location: answer.location, .cacheControl: "no-store"]
                if let cookie = answer.setCookie { headers[.setCookie] = cookie }
                return Response(status: .seeOther, headers: headers)
            case .stepUpRequired(let token):
                let location = try grants.stepUpRedirect(form.authorize, token: token)
                return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
            case .authorizationCode:
                throw APIError(.internalServerError, "server_error", "A password login gave a code", key: .serverError)
            }
        }
        routes.anonymous(.get, "/identity/v1/logout") { request, _ in
            let query = try RequestBody.decodeQuery(LogoutQuery.self, from: request)
            if let target = query.postLogoutRedirectUri {
                _ = try CallbackRule.allowed(target, field: "post_logout_redirect_uri", in: configuration)
            }
            // The browser's SSO session ends, whether or not it goes back somewhere.
            let cleared = try await grants.endWebSession(secret: RequestCookie.value(named: OAuthGrants.webSessionCookie, in: request))
            var response =
                query.postLogoutRedirectUri.map { Response(status: .found, headers: [.location: $0, .cacheControl: "no-store"]) }
                ?? JSONResponse.noContent()
            if let cleared { response.headers[.setCookie] = cleared }
            return response
        }
    }

    private func page(_ query: AuthorizeQuery, for request: Request, error: String? = nil, identifier: String? = nil) -> Response {
        // The browser's token stays while it is one this server could have made (so two open
        // tabs both work); anything else is replaced.
        let kept = RequestCookie.value(named: HostedLoginPage.csrfCookie, in: request).flatMap { token in
            token.utf8.count == 43 && Base64URL.decode(token)?.count == 32 ? token : nil
        }
        return HostedLoginPage.response(
            query: query, csrf: kept ?? grants.formToken(), providers: providers.all.map(\.name), error: error,
            identifier: identifier, secure: grants.secureCookies)
    }
}
