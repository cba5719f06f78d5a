// Passkeys through the SDK's own ReachFiveApi WebAuthn calls, in the order its CredentialManager
// makes them (signup, modal login, register, reset), with Latchkey's software authenticator where
// the ASAuthorizationController sheet would be; then list and delete.
import Foundation

@testable import Reach5

extension Flows {
    var origin: String { "https://\(domain)" }

    /// What CredentialManager.registrationCredential(from:) builds from the sheet's registration.
    func register(_ options: RegistrationOptions, name: String) throws -> RegistrationPublicKeyCredential {
        let key = options.options.publicKey
        let made = try authenticator.create(rpId: key.rp.id, challenge: key.challenge, userId: key.user.id, name: name)
        let response = R5AuthenticatorAttestationResponse(
            attestationObject: made.response.attestationObject, clientDataJSON: made.response.clientDataJSON)
        return RegistrationPublicKeyCredential(id: made.id, rawId: made.id, type: "public-key", response: response)
    }

    /// The passkey modal login: options, the sheet's assertion, authenticateWithWebAuthn, then the tkn.
    func passkeyLogin(user: String?, allowListed: Bool = false) async throws -> AuthToken {
        #if SDK_11_0
            let request = WebAuthnLoginRequest(
                clientId: clientId, origin: origin, username: allowListed ? user.map { .Email($0) } : nil, scope: defaultScope)
        #else
            let request = WebAuthnLoginRequest(clientId: clientId, origin: origin, scope: defaultScope)
        #endif
        let options = try await sdk.reachFiveApi.createWebAuthnAuthenticationOptions(webAuthnLoginRequest: request)
        let key = options.publicKey
        let allow = allowListed ? key.allowCredentials?.map(\.id) : nil
        let assertion = try authenticator.get(rpId: key.rpId, challenge: key.challenge, allow: allow, user: user)
        let response = R5AuthenticatorAssertionResponse(
            authenticatorData: assertion.response.authenticatorData, clientDataJSON: assertion.response.clientDataJSON,
            signature: assertion.response.signature, userHandle: assertion.response.userHandle)
        let tkn = try await sdk.reachFiveApi.authenticateWithWebAuthn(
            authenticationPublicKeyCredential: AuthenticationPublicKeyCredential(
                id: assertion.id, rawId: assertion.id, type: "public-key", response: response))
        return try await sdk.loginCallback(tkn: tkn.tkn, scopes: defaultScope)
    }

    func passkeyFlows() async {
        let ivy = email("ivy")
        let token = await Report.check("passkey signup") {
            let profile = ProfilePasskeySignupRequest(email: ivy, givenName: "Ivy")
            let signup = SignupOptions(origin: origin, friendlyName: ivy, profile: profile, clientId: clientId, scope: defaultScope)
            let options = try await sdk.reachFiveApi.createWebAuthnSignupOptions(webAuthnSignupOptions: signup)
            let credential = try register(options, name: ivy)
            let tkn = try await sdk.reachFiveApi.signupWithWebAuthn(
                webauthnSignupCredential: WebauthnSignupCredential(
                    webauthnId: options.options.publicKey.user.id, publicKeyCredential: credential))
            let token = try await sdk.loginCallback(tkn: tkn.tkn, scopes: defaultScope)
            guard token.user?.email == ivy else { throw CheckFailed("id token for \(token.user?.email ?? "nil")") }
            return (token, "a passkey account, AuthToken for \(ivy)")
        }
        await Report.check("passkey login (discoverable)") {
            let token = try await passkeyLogin(user: ivy)
            guard token.user?.email == ivy else { throw CheckFailed("id token for \(token.user?.email ?? "nil")") }
            return ((), "AuthToken for \(ivy)")
        }
        #if SDK_11_0
            await Report.check("passkey login (username, allowCredentials)") {
                let token = try await passkeyLogin(user: ivy, allowListed: true)
                return ((), "AuthToken for \(token.user?.email ?? "nil")")
            }
        #endif
        guard let token else { return }
        await Report.check("registerNewPasskey") {
            let options = try await sdk.reachFiveApi.createWebAuthnRegistrationOptions(
                authToken: token, registrationRequest: RegistrationRequest(origin: origin, friendlyName: "second device"))
            let credential = try register(options, name: "\(ivy) 2")
            try await sdk.reachFiveApi.registerWithWebAuthn(authToken: token, publicKeyCredential: credential)
            return ((), "a second passkey registered")
        }
        let listed = await Report.check("listWebAuthnCredentials") {
            let list = try await sdk.reachFiveApi.getWebAuthnRegistrations(authToken: token)
            guard list.count == 2 else { throw CheckFailed("\(list.count) passkeys: \(list.map(\.friendlyName))") }
            return (list, "2 passkeys: \(list.map(\.friendlyName).joined(separator: ", "))")
        }
        await Report.check("deleteWebAuthnRegistration") {
            guard let second = listed?.first(where: { $0.friendlyName == "second device" }) else {
                throw CheckFailed("no second passkey listed")
            }
            try await sdk.reachFiveApi.deleteWebAuthnRegistration(id: second.id, authToken: token)
            let left = try await sdk.reachFiveApi.getWebAuthnRegistrations(authToken: token)
            guard left.count == 1 else { throw CheckFailed("\(left.count) left") }
            return ((), "deleted; 1 left")
        }
        await Report.check("resetPasskeys (account recovery)") {
            let after = try await Emulator.cursor()
            try await sdk.requestAccountRecovery(email: ivy)
            let code = try await Emulator.lastMessage(to: ivy, after: after).code ?? ""
            let reset = ResetOptions(
                email: ivy, phoneNumber: nil, verificationCode: code, friendlyName: "new phone", origin: origin, clientId: clientId)
            let options = try await sdk.reachFiveApi.createWebAuthnResetOptions(resetOptions: reset)
            let credential = try register(options, name: "\(ivy) 3")
            try await sdk.reachFiveApi.resetWebAuthn(
                resetPublicKeyCredential: ResetPublicKeyCredential(resetOptions: reset, publicKeyCredential: credential))
            let token = try await passkeyLogin(user: "\(ivy) 3")
            let list = try await sdk.reachFiveApi.getWebAuthnRegistrations(authToken: token)
            guard list.map(\.friendlyName) == ["new phone"] else { throw CheckFailed("passkeys after reset: \(list.map(\.friendlyName))") }
            return ((), "the old passkeys replaced by the new one, which logs in")
        }
        await Report.expectError("resetPasskeys used code", key: "error.invalidVerificationCode") {
            let after = try await Emulator.cursor()
            try await sdk.requestAccountRecovery(email: ivy)
            let code = try await Emulator.lastMessage(to: ivy, after: after).code ?? ""
            let reset = ResetOptions(
                email: ivy, phoneNumber: nil, verificationCode: code, friendlyName: "again", origin: origin, clientId: clientId)
            let options = try await sdk.reachFiveApi.createWebAuthnResetOptions(resetOptions: reset)
            try await sdk.reachFiveApi.resetWebAuthn(
                resetPublicKeyCredential: ResetPublicKeyCredential(
                    resetOptions: reset, publicKeyCredential: try register(options, name: "\(ivy) 4")))
            _ = try await sdk.reachFiveApi.createWebAuthnResetOptions(resetOptions: reset)
        }
    }
}
