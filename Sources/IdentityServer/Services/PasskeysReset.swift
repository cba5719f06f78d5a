import Encoding

/// Account recovery with a new passkey: the recovery code went to the email address or phone
/// number, so presenting it is a proof of that identifier (IdentifierProof). The new passkey
/// replaces every passkey of the account the prover owns, and its sessions end.
extension Passkeys {
    func resetOptions(_ request: ResetStart) async throws -> WebAuthnOptions.Creation {
        try core.configuration.requireClient(request.clientId)
        let origin = try allowedOrigin(request.origin)
        let code = try ProfileInput.required(request.verificationCode, "verification_code", max: 64)
        let target = try CodeTarget(email: request.email, phoneNumber: request.phoneNumber, configuration: core.configuration)
        return try await core.store.transaction { db in
            let account = try target.requireAccount(for: .passkeyReset, core: core, in: db)
            guard
                try core.store.peekCode(
                    accountId: account.id, purpose: .passkeyReset, target: target.value, code: code, now: core.now, in: db)
            else {
                throw APIError.invalidVerificationCode
            }
            let name = try friendlyName(request.friendlyName)
            var ceremony = PasskeyCeremony.Reset(origin: origin, accountId: account.id, friendlyName: name)
            // When the proof will move the identifier to a new account, the passkey is made for
            // that account's user handle, chosen now.
            var userId = account.webauthnUserId
            if IdentifierProof.wouldMove(target.identifier, of: account) {
                userId = core.secrets.random.bytes(32)
                ceremony.movedUserId = Base64URLBytes(userId)
            }
            let challenge = try newChallenge(.reset, ceremony, in: db)
            return WebAuthnOptions.creation(
                challenge: challenge,
                user: .init(
                    id: Base64URLBytes(userId), name: target.value, displayName: Self.displayName(account, identifier: target.value)),
                exclude: [], friendlyName: name, configuration: core.configuration)
        }
    }

    func reset(_ request: ResetFinish) async throws {
        try core.configuration.requireClient(request.clientId)
        let code = try ProfileInput.required(request.verificationCode, "verification_code", max: 64)
        let target = try CodeTarget(email: request.email, phoneNumber: request.phoneNumber, configuration: core.configuration)
        let credential = request.publicKeyCredential
        let challenge = try credential.challenge()
        try await core.store.transaction { db in
            let account = try target.requireAccount(for: .passkeyReset, core: core, in: db)
            return try spend(challenge, .reset, as: PasskeyCeremony.Reset.self, in: db) { data in
                guard data.accountId == account.id else {
                    throw APIError(.badRequest, "invalid_grant", "These reset options were issued to another account", key: .webauthnFailed)
                }
                let verified = try verifyRegistration(credential, challenge: challenge, origin: data.origin)
                guard
                    try core.store.consumeCode(
                        accountId: account.id, purpose: .passkeyReset, target: target.value, code: code, now: core.now, in: db) != nil,
                    let current = try core.store.account(id: account.id, in: db)
                else {
                    throw APIError.invalidVerificationCode
                }
                guard IdentifierProof.wouldMove(target.identifier, of: current) == (data.movedUserId != nil) else {
                    throw APIError(
                        .badRequest, "invalid_grant", "The account changed since these reset options were issued; ask for new ones",
                        key: .webauthnFailed)
                }
                let owner = try IdentifierProof.claim(
                    target.identifier, accountId: account.id, by: .reset, proven: target.value, newAccountUserId: data.movedUserId?.bytes,
                    core: core, in: db)
                try core.store.deletePasskeys(accountId: owner, in: db)
                try core.store.insertPasskey(record(verified, accountId: owner, friendlyName: data.friendlyName), in: db)
                try core.store.revokeSessions(accountId: owner, now: core.now, lifetimes: core.configuration.lifetimes, in: db)
            }
        }.get()
    }
}
