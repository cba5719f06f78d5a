import Encoding

/// The signed-in account's passkeys. Adding or removing one changes how the account signs in:
/// a write, like the profile's, so its routes' policy takes `full_write` (a read-only token must
/// not mint a passkey) and a fresh login. The bearer token is checked against the store, under
/// that policy, inside each call's transaction, after the body was read.
extension Passkeys {
    func registrationOptions(_ request: RegistrationStart, session bearer: Sessions.Bearer) async throws
        -> WebAuthnOptions.Creation
    {
        try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            let origin = try allowedOrigin(request.origin)
            let name = try friendlyName(request.friendlyName)
            let account = auth.account
            let existing = try core.store.passkeys(accountId: account.id, in: db).map(\.id)
            let challenge = try newChallenge(
                .registration, PasskeyCeremony.Registration(origin: origin, accountId: account.id, friendlyName: name), in: db)
            let display = account.email ?? account.phoneNumber ?? account.customIdentifier ?? account.id
            return WebAuthnOptions.creation(
                challenge: challenge,
                user: .init(
                    id: Base64URLBytes(account.webauthnUserId), name: display, displayName: Self.displayName(account, identifier: display)),
                exclude: existing, friendlyName: name, configuration: core.configuration)
        }
    }

    func register(_ credential: CredentialBody, session bearer: Sessions.Bearer) async throws {
        let challenge = try credential.challenge()
        try await core.store.transaction { db in
            // A refused token leaves the challenge unspent: the owner may still finish with a good one.
            let auth = try sessions.authenticate(bearer, in: db)
            return try spend(challenge, .registration, as: PasskeyCeremony.Registration.self, in: db) { data in
                guard data.accountId == auth.account.id else {
                    throw APIError(
                        .badRequest, "invalid_grant", "These registration options were issued to another account", key: .webauthnFailed)
                }
                let verified = try verifyRegistration(credential, challenge: challenge, origin: data.origin)
                try core.store.insertPasskey(record(verified, accountId: auth.account.id, friendlyName: data.friendlyName), in: db)
            }
        }.get()
    }

    func list(session bearer: Sessions.Bearer) async throws -> [IdentityStore.Passkey] {
        try await core.store.reading { db in
            let auth = try sessions.authenticate(bearer, in: db)
            return try core.store.passkeys(accountId: auth.account.id, in: db)
        }
    }

    /// Deletes one of the account's passkeys by its base64url id; 404 when it has none such.
    func delete(id: String, session bearer: Sessions.Bearer) async throws {
        try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            guard let id = Base64URL.decode(id), try core.store.deletePasskey(id: id, accountId: auth.account.id, in: db) else {
                throw APIError.notFound("The account has no passkey with this id")
            }
        }
    }
}
