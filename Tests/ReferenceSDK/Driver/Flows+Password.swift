import AuthenticationServices
// Signup, password login (tkn → authorize → token with PKCE), refresh, revoke, logout, and the
// signup and login errors.
import Foundation

@testable import Reach5

extension Flows {
    func passwordFlows() async {
        await Report.check("initialize") {
            let providers = try await sdk.initialize()
            guard !sdk.scope.isEmpty else { throw CheckFailed("no scope from /identity/v1/config") }
            return ((), "scope \(sdk.scope.joined(separator: " ")), \(providers.count) providers")
        }
        let alice = email("alice")
        await Report.check("signup") {
            let token = try await signup(email: alice, password: password)
            guard token.user?.email == alice else { throw CheckFailed("id token email \(token.user?.email ?? "nil")") }
            return ((), "AchievedLogin, id token for \(alice)")
        }
        await Report.expectError("signup existing account", key: "error.email.alreadyInUse") {
            _ = try await signup(email: alice, password: password)
        }
        await Report.expectError("signup weak password", key: "error.password.tooWeak") {
            _ = try await signup(email: email("weak"), password: "1234")
        }
        await Report.check("signup invalid email") {
            do {
                _ = try await signup(email: "not an email", password: password)
            } catch let error as ReachFiveError {
                // ReachFive answers invalid_request with a field error on the email.
                guard let api = Report.apiError(error), api.error == "invalid_request",
                    let field = api.errorDetails?.first(where: { $0.field?.hasSuffix("email") == true })
                else { throw CheckFailed("expected invalid_request naming the email, got \(Report.describe(error))") }
                return ((), "invalid_request, \(field.field ?? ""): \(field.message ?? "")")
            }
            throw CheckFailed("an invalid email signed up")
        }
        let token = await Report.check("loginWithPassword") {
            let token = try await login(email: alice, password: password, scope: defaultScope)
            guard token.refreshToken != nil, token.idToken != nil else { throw CheckFailed("no refresh or id token") }
            return (token, "AchievedLogin, access, refresh and id tokens")
        }
        await Report.expectError("loginWithPassword wrong password", key: "error.invalidEmailOrPassword") {
            _ = try await login(email: alice, password: "Wrong horse battery staple 2")
        }
        await Report.expectError("loginWithPassword unknown account", key: "error.invalidEmailOrPassword") {
            _ = try await login(email: email("nobody"), password: password)
        }
        guard let token else { return }
        let refreshed = await Report.check("refreshAccessToken") {
            let new = try await sdk.refreshAccessToken(authToken: token)
            guard new.accessToken != token.accessToken else { throw CheckFailed("the same access token") }
            return (new, "a new access token")
        }
        await Report.check("revokeToken") {
            guard let refreshed else { throw CheckFailed("no refreshed token") }
            try await sdk.revokeToken(authToken: refreshed)
            do {
                _ = try await sdk.refreshAccessToken(authToken: refreshed)
            } catch {
                return ((), "revoked; refreshing it fails: \(Report.describe(error))")
            }
            throw CheckFailed("the revoked refresh token still refreshes")
        }
        await Report.check("logout revoke") {
            let other = try await login(email: alice, password: password, scope: defaultScope)
            try await sdk.logout(webSessionLogout: nil, revoke: other)
            do {
                _ = try await sdk.refreshAccessToken(authToken: other)
            } catch {
                return ((), "logged out; the refresh token no longer refreshes")
            }
            throw CheckFailed("the refresh token still refreshes after logout")
        }
        await Report.check("logout webSessionLogout") {
            try await sdk.logout(webSessionLogout: WebSessionLogoutRequest(presentationContextProvider: Anchor()), revoke: nil)
            return ((), "the browser followed /identity/v1/logout back to the app")
        }
    }
}

/// The window a sheet anchors on; headless, it is never shown.
final class Anchor: NSObject, ASWebAuthenticationPresentationContextProviding {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { ASPresentationAnchor() }
}
