import Encoding
import SQLite
import WebAuthn

/// Passkey login: discoverable (no account named, the user handle finds it) or for the named
/// account's passkeys; the finish call verifies the assertion, moves the signature counter on
/// and ends the login with a `tkn`, in one transaction.
extension Passkeys {
    static let noPasskeyForIdentifier = APIError(
        .badRequest, "invalid_grant", "No account with a passkey has this identifier", key: .webauthnFailed)

    func authenticationOptions(_ request: LoginStart) async throws -> WebAuthnOptions.Request {
        try core.configuration.requireClient(request.clientId)
        let origin = try allowedOrigin(request.origin)
        let scope = try core.configuration.scopes(request.scope)
        let email = try ProfileInput.limited(request.email, "email", max: 320)
        let phoneNumber = try ProfileInput.limited(request.phoneNumber, "phone_number", max: 64)
        var ceremony = PasskeyCeremony.Authentication(origin: origin, scope: scope.joined(separator: " "))
        let challenge = try await core.store.transaction { db in
            if email != nil || phoneNumber != nil {
                guard let account = try account(email: email, phoneNumber: phoneNumber, in: db) else { throw Self.noPasskeyForIdentifier }
                let ids = try core.store.passkeys(accountId: account.id, in: db).map(\.id)
                guard !ids.isEmpty else { throw Self.noPasskeyForIdentifier }
                ceremony.accountId = account.id
                ceremony.allow = ids.map(Base64URLBytes.init)
            }
            return try newChallenge(.authentication, ceremony, in: db)
        }
        return WebAuthnOptions.request(challenge: challenge, allow: ceremony.allow?.map(\.bytes), configuration: core.configuration)
    }

    /// The account a login names by email (preferred) or phone number; nil when none has it or
    /// the identifier is not valid (answered like an unknown one).
    private func account(email: String?, phoneNumber: String?, in db: Database) throws -> Account? {
        if let email {
            guard let e = EmailAddress.normalized(email) else { return nil }
            return try core.store.account(where: .email, equals: e, in: db)
        }
        guard let phoneNumber, let p = PhoneNumbers.e164(phoneNumber, region: core.configuration.defaultCountry) else { return nil }
        return try core.store.account(where: .phoneNumber, equals: p, in: db)
    }

    /// The login's end (``LoginCompletion``): a `tkn`, or a step-up when the account has a
    /// second factor and `trustedDevice` is not one it trusts.
    ///
    /// The signature is checked between two store turns, not inside the write transaction, so
    /// concurrent logins verify in parallel rather than queue behind one another's ECDSA: a read
    /// of what the check needs (the challenge, not taken; the passkey; its account), the check,
    /// then one write that takes the challenge (spent whatever the check found, as before) and,
    /// if the check passed and the passkey is the one checked, moves its counter on and ends the
    /// login. A concurrent finish call with the same challenge finds it taken; one with the same
    /// passkey finds the counter moved.
    func authenticate(_ credential: CredentialBody, trustedDevice: String?) async throws -> LoginCompletion.Outcome {
        guard let authenticatorData = credential.response.authenticatorData, let signature = credential.response.signature else {
            throw APIError.invalidRequest(
                "response.authenticator_data and response.signature are required", field: "response", code: "required")
        }
        let challenge = try credential.challenge()
        let now = core.now
        let read = try await core.store.reading { db -> (PasskeyCeremony.Authentication, IdentityStore.Passkey, Account)? in
            guard
                let data = try core.store.peekChallenge(
                    challenge, ceremony: .authentication, as: PasskeyCeremony.Authentication.self, now: now, in: db),
                let stored = try core.store.passkey(id: credential.rawId.bytes, in: db),
                let account = try core.store.account(id: stored.accountId, in: db)
            else { return nil }
            return (data, stored, account)
        }
        // Without all three the write below refuses the call, saying which, as before.
        let checked: (passkey: IdentityStore.Passkey, verified: Result<VerifiedAuthentication, APIError>)? = read.map {
            data, stored, account in
            let userHandle = credential.response.userHandleBytes
            let expectations = AuthenticationExpectations(
                clientData: ClientDataPolicy(expectedChallenge: Base64URL.decode(challenge) ?? [], expectedOrigins: [data.origin]),
                rpId: core.configuration.rpId, credentialPublicKey: stored.publicKey, storedSignCount: stored.signCount,
                allowCredentials: data.allow?.map(\.bytes) ?? [], expectedUserHandle: userHandle == nil ? nil : account.webauthnUserId,
                storedBackupState: stored.backupState)
            do throws(VerificationError) {
                return (
                    stored,
                    .success(
                        try AuthenticationVerifier.verify(
                            credentialId: credential.rawId.bytes, clientDataJSON: credential.response.clientDataJSON.bytes,
                            authenticatorData: authenticatorData.bytes, signature: signature.bytes, userHandle: userHandle,
                            expectations: expectations))
                )
            } catch { return (stored, .failure(Self.verificationFailed(error))) }
        }
        return try await core.store.transaction { db in
            try spend(challenge, .authentication, as: PasskeyCeremony.Authentication.self, in: db) { _ in
                guard let stored = try core.store.passkey(id: credential.rawId.bytes, in: db),
                    let account = try core.store.account(id: stored.accountId, in: db)
                else {
                    throw APIError(.badRequest, "invalid_grant", "This passkey is not registered", key: .webauthnFailed)
                }
                // The challenge was there when read, or `spend` would have refused the call.
                guard let checked, checked.passkey.publicKey == stored.publicKey, checked.passkey.accountId == stored.accountId else {
                    throw APIError(
                        .badRequest, "invalid_grant", "The passkey was replaced while its signature was checked", key: .webauthnFailed)
                }
                let verified = try checked.verified.get()
                guard
                    try core.store.recordUse(
                        of: stored.id, signCount: verified.newSignCount, backupState: verified.backedUp, at: core.now, in: db)
                else {
                    // `stored` was read in this transaction, so only the counter refuses: another
                    // login moved it to or past this one's while it was checked, which the check
                    // inside the transaction would have called a possible clone (WebAuthn §7.2 step 22).
                    throw APIError(
                        .badRequest, "possible_clone", "The signature counter did not increase: the authenticator may be cloned",
                        key: .webauthnFailed)
                }
                return try logins.complete(account, method: .passkey, grant: .tkn, trustedDevice: trustedDevice, in: db)
            }
        }.get()
    }
}
