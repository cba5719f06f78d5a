import Encoding
import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyCrypto

/// The hosted login page (`/login`): where `/oauth/authorize` sends a browser without an SSO
/// session. Its forms sign in with a password, with a code sent to an email or phone
/// (`/login/passwordless/start`, `…/verify`), with a passkey (`/login/passkey`, after the page's
/// script ran the WebAuthn login), and step up with a second factor's code (`/login/mfa/verify`). Every post must come from the page itself (``read(_:)``); every login
/// it completes goes on to `/oauth/authorize` with its `tkn`, which issues the client's code and
/// opens the browser's SSO session in one transaction.
struct HostedLoginRoutes {
    let grants: OAuthGrants
    let accounts: Accounts
    let verification: Verification
    let mfa: Mfa
    let providers: EmulatedProviders
    let names: ServerNames
    let configuration: ServerConfiguration

    func addRoutes(to routes: PolicyRouter) {
        let path = OAuthGrants.hostedLoginPath
        routes.anonymous(.get, path) { request, _ in
            let query = try RequestBody.decodeQuery(AuthorizeQuery.self, from: request)
            _ = try grants.checkWebLogin(query)
            return page(query, for: request)
        }
        routes.anonymous(.post, path) { request, _ in
            let form = try await read(request)
            do {
                let outcome = try await accounts.passwordLogin(
                    form.loginIdentifier, password: form.password, trustedDevice: MfaRoutes.trustedDevice(of: request))
                return try await proceed(outcome, form, request)
            } catch let refusal as APIError where refusal.status == .badRequest {
                return page(form.authorize, for: request, error: message(refusal, request), identifier: form.identifier)
            }
        }
        routes.anonymous(.get, path + "/passkey.js") { _, _ in HostedLoginPage.script() }
        routes.anonymous(.post, path + "/passkey") { request, _ in
            // The tkn of a passkey login the page's script completed in this browser (the form
            // comes from the page, as every post here): a step-up token when a second factor is due.
            let form = try await read(request)
            guard let tkn = form.passkeyTkn, !tkn.isEmpty, tkn.utf8.count <= 256 else {
                throw APIError.invalidRequest("tkn is required", field: "tkn", code: "required")
            }
            do {
                return try await proceed(form.mfaRequired == "true" ? .stepUpRequired(tkn) : .tkn(tkn), form, request)
            } catch let refusal as APIError where refusal.status == .badRequest {
                return page(form.authorize, for: request, error: message(refusal, request))
            }
        }
        routes.anonymous(.post, path + "/passwordless/start") { request, _ in
            let form = try await read(request)
            do {
                let target = try codeTarget(form)
                try await verification.startPasswordless(
                    target, responseType: "code", kind: target.channel == .email ? "magic_link" : "sms",
                    redirectURI: form.authorize.redirectUri, codeChallenge: form.authorize.codeChallenge,
                    challengeMethod: form.authorize.codeChallengeMethod, state: form.authorize.state, browser: form.csrf)
                return page(form.authorize, for: request, step: .passwordlessCode(identifier: target.value))
            } catch let refusal as APIError where refusal.status == .badRequest {
                return page(form.authorize, for: request, error: message(refusal, request))
            }
        }
        routes.anonymous(.post, path + "/passwordless/verify") { request, _ in
            let form = try await read(request)
            let target = try codeTarget(form)
            do {
                let outcome = try await verification.finishPasswordless(
                    target, code: form.code, trustedDevice: MfaRoutes.trustedDevice(of: request), browser: form.csrf)
                return try await proceed(outcome, form, request)
            } catch let refusal as APIError where refusal.status == .badRequest {
                return page(
                    form.authorize, for: request, step: .passwordlessCode(identifier: target.value), error: message(refusal, request))
            }
        }
        routes.anonymous(.post, path + "/mfa/verify") { request, _ in
            let form = try await read(request)
            guard let challengeId = form.challengeId, !challengeId.isEmpty, challengeId.utf8.count <= 256 else {
                throw APIError.invalidRequest("challenge_id is required", field: "challenge_id", code: "required")
            }
            do {
                let done = try await mfa.verifyChallenge(
                    challengeId, code: form.code, trustDevice: false, userAgent: request.headers[.userAgent], browser: form.csrf)
                return try await proceed(.tkn(done.code), form, request)
            } catch let refusal as APIError where refusal.status == .badRequest {
                let target = try await mfa.challengeTarget(challengeId) ?? ""
                return page(
                    form.authorize, for: request, step: .mfa(challengeId: challengeId, target: target), error: message(refusal, request))
            }
        }
    }

    /// A post of the page's, read only when it comes from the page: the browser's own origin
    /// rule, and the page's token, which only the page can read (login CSRF: a page elsewhere must
    /// not log this browser in as someone else). Then the client and redirect URI, checked.
    private func read(_ request: Request) async throws -> HostedLoginForm {
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
        return form
    }

    /// A first factor proven: its `tkn` goes on to `/oauth/authorize` (the client's code and the
    /// browser's SSO session); a second factor due starts its step-up here, on the page.
    private func proceed(_ outcome: LoginCompletion.Outcome, _ form: HostedLoginForm, _ request: Request) async throws -> Response {
        switch outcome {
        case .tkn(let tkn):
            var query = form.authorize
            query.tkn = tkn
            let answer = try await grants.authorize(
                query, trustedDevice: MfaRoutes.trustedDevice(of: request),
                webSession: RequestCookie.value(named: OAuthGrants.webSessionCookie, in: request), opensWebSession: true,
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]))
            var headers: HTTPFields = [.location: answer.location, .cacheControl: "no-store"]
            if let cookie = answer.setCookie { headers[.setCookie] = cookie }
            return Response(status: .seeOther, headers: headers)
        case .stepUpRequired(let token):
            let query = form.authorize
            let started = try await mfa.startStepUp(
                .init(
                    tkn: token, clientId: query.clientId, redirectURI: query.redirectUri, codeChallenge: query.codeChallenge,
                    codeChallengeMethod: query.codeChallengeMethod, scope: query.scope),
                session: nil, browser: form.csrf)
            guard let factor = started.amr.first else {
                throw APIError.invalidGrant("The account has no second factor to step up with")
            }
            let challengeId = try await mfa.startChallenge(
                stepUp: started.token, authType: factor.rawValue, clientId: query.clientId, redirectURI: query.redirectUri)
            return page(query, for: request, step: .mfa(challengeId: challengeId, target: try await mfa.challengeTarget(challengeId) ?? ""))
        case .authorizationCode:
            throw APIError(.internalServerError, "server_error", "A login of the page gave a code, not a tkn", key: .serverError)
        }
    }

    private func codeTarget(_ form: HostedLoginForm) throws -> CodeTarget {
        let identifier = form.loginIdentifier
        return try CodeTarget(email: identifier.email, phoneNumber: identifier.phoneNumber, configuration: configuration)
    }

    private func message(_ refusal: APIError, _ request: Request) -> String {
        LocalizedMessages.message(
            refusal.messageKey, locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]))
    }

    private func page(
        _ query: AuthorizeQuery, for request: Request, step: HostedLoginPage.Step = .login, error: String? = nil, identifier: String? = nil
    ) -> Response {
        // The browser's token stays while it is one this server could have made (so a page
        // opened in another tab earlier still posts); anything else is replaced.
        let kept = RequestCookie.value(named: HostedLoginPage.csrfCookie, in: request).flatMap { token in
            token.utf8.count == 43 && Base64URL.decode(token)?.count == 32 ? token : nil
        }
        return HostedLoginPage.response(
            query: query, csrf: kept ?? grants.formToken(), providers: providers.all.map(\.name), step: step, error: error,
            identifier: identifier, secure: grants.secureCookies)
    }
}
