import Encoding
import LatchkeyCrypto

/// Passkey signup: the options check the profile and refuse taken identifiers before the user
/// is asked to create a passkey; the finish call verifies the passkey and creates the account
/// with it, then ends the login with a `tkn`, in one transaction.
extension Passkeys {
    func signupOptions(_ request: SignupStart) async throws -> WebAuthnOptions.Creation {
        try core.configuration.requireClient(request.clientId)
        let origin = try allowedOrigin(request.origin)
        let scope = try core.configuration.scopes(request.scope)
        let draft = try request.profile.draft(core: core, at: "profile")
        let name = try friendlyName(request.friendlyName)
        let userId = core.secrets.random.bytes(32)
        let ceremony = PasskeyCeremony.Signup(
            origin: origin, webauthnId: Base64URLBytes(userId), profile: request.profile, friendlyName: name,
            scope: scope.joined(separator: " "))
        let challenge = try await core.store.transaction { db in
            if let e = draft.email, try core.store.account(where: .email, equals: e, in: db) != nil { throw APIError.emailAlreadyExists }
            if let p = draft.phoneNumber, try core.store.account(where: .phoneNumber, equals: p, in: db) != nil {
                throw APIError.phoneNumberAlreadyExists
            }
            if let c = draft.customIdentifier, try core.store.account(where: .customIdentifier, equals: c, in: db) != nil {
                throw APIError.customIdentifierAlreadyExists
            }
            return try newChallenge(.signup, ceremony, in: db)
        }
        let display = draft.email ?? draft.phoneNumber ?? draft.customIdentifier ?? ""
        return WebAuthnOptions.creation(
            challenge: challenge,
            user: .init(id: Base64URLBytes(userId), name: display, displayName: draft.profile["name"]?.stringValue ?? display),
            exclude: [], friendlyName: name, configuration: core.configuration)
    }

    /// The new account's `tkn`.
    func signup(_ request: SignupFinish) async throws -> LoginCompletion.Outcome {
        let webauthnId = try ProfileInput.required(request.webauthnId, "webauthn_id", max: 256)
        let credential = request.publicKeyCredential
        let challenge = try credential.challenge()
        return try await core.store.transaction { db in
            try spend(challenge, .signup, as: PasskeyCeremony.Signup.self, in: db) { data in
                guard constantTimeEquals(Array(Base64URL.encode(data.webauthnId.bytes).utf8), Array(webauthnId.utf8)) else {
                    throw APIError.invalidRequest(
                        "webauthn_id is not the user id these options issued", field: "webauthn_id", code: "mismatch")
                }
                let verified = try verifyRegistration(credential, challenge: challenge, origin: data.origin)
                let passkey = NewPasskey(
                    id: verified.credentialId, publicKey: verified.credentialPublicKey, friendlyName: data.friendlyName,
                    aaguid: verified.aaguid.description, signCount: verified.signCount, backupEligible: verified.backupEligible,
                    backupState: verified.backedUp)
                let account = try AccountCreation.insert(
                    try data.profile.draft(core: core), passkey: passkey, webauthnUserId: data.webauthnId.bytes, core: core, in: db)
                if account.email != nil, core.configuration.verifyEmailTemplate {
                    try EmailVerification.send(to: account, redirectURL: nil, limited: false, core: core, in: db)
                }
                return try logins.complete(account, method: .passkey, grant: .tkn, newAccount: true, in: db)
            }
        }.get()
    }
}
