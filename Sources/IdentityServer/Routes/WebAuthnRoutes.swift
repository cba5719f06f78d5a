import Encoding
import Foundation
import Hummingbird
import LatchkeyCrypto
import WebAuthn

/// Every `/identity/v1/webauthn/*` route. Each options call remembers a fresh challenge for
/// its ceremony (single use, expiring); each finish call is verified with the project's own
/// `RegistrationVerifier` / `AuthenticationVerifier`: type, challenge, origin (the one the
/// options call named, which must be an allowed origin), rpIdHash, UP, signature, counter.
struct WebAuthnRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/webauthn/signup-options") { request, _ in try await signupOptions(request) }
        router.post("/identity/v1/webauthn/signup") { request, _ in try await signup(request) }
        router.post("/identity/v1/webauthn/authentication-options") { request, _ in try await authenticationOptions(request) }
        router.post("/identity/v1/webauthn/authentication") { request, _ in try await authentication(request) }
        router.post("/identity/v1/webauthn/registration-options") { request, _ in try await registrationOptions(request) }
        router.post("/identity/v1/webauthn/registration") { request, _ in try await registration(request) }
        router.get("/identity/v1/webauthn/registration") { request, _ in try list(request) }
        router.delete("/identity/v1/webauthn/registration/{id}") { request, context in
            let auth = try env.authenticate(request, requiring: "full_write")
            try env.requireFreshLogin(auth)
            guard let id = context.parameters.get("id").flatMap(Base64URL.decode),
                try env.store.write({ db in
                    try env.recheck(auth, in: db)
                    return try env.store.deletePasskey(id: id, accountId: auth.account.id, in: db)
                })
            else {
                throw APIError.notFound("The account has no passkey with this id")
            }
            return JSONResponse.noContent()
        }
        router.post("/identity/v1/webauthn/reset-options") { request, _ in try await resetOptions(request) }
        router.post("/identity/v1/webauthn/reset") { request, _ in try await reset(request) }
    }

    // MARK: shared

    private func origin(_ body: JSONBody) throws(APIError) -> String {
        let origin = try body.requiredString("origin", maxLength: 2048)
        guard env.allowedOrigins.contains(origin) else {
            throw APIError.invalidRequest(
                "origin \(origin) is not an allowed WebAuthn origin of this client", field: "origin", code: "not_allowed")
        }
        return origin
    }

    private func friendlyName(_ body: JSONBody) throws(APIError) -> String {
        let name = try body.string("friendly_name", maxLength: 256) ?? ""
        return name.isEmpty ? "Passkey" : name
    }

    private func newChallenge(_ ceremony: IdentityStore.Ceremony, _ data: [String: JSONValue]) throws -> String {
        let challenge = env.secrets.token()
        try env.store.insertChallenge(
            challenge, ceremony: ceremony, data: .object(data),
            expiresAt: env.now + env.configuration.lifetimes.challenge)
        return challenge
    }

    /// The ceremony's stored data; the challenge is consumed whatever happens next.
    private func takeCeremony(_ credential: CredentialBody, _ ceremony: IdentityStore.Ceremony) throws -> [String: JSONValue] {
        let taken = try env.store.write { db in try env.store.takeChallenge(credential.challenge, ceremony: ceremony, now: env.now, in: db)
        }
        guard case .object(let data)? = taken else {
            throw APIError(
                .badRequest, "invalid_grant", "The challenge is unknown, used, expired or of another ceremony", key: .webauthnFailed,
                details: [FieldError(field: "response.client_data_json", message: "challenge", code: "invalid_challenge")])
        }
        return data
    }

    private func verificationFailed(_ error: VerificationError) -> APIError {
        APIError(
            .badRequest, error.isPossibleClone ? "possible_clone" : "invalid_grant", error.description, key: .webauthnFailed,
            details: [FieldError(field: "public_key_credential", message: error.message, code: error.step.rawValue)])
    }

    private func verifyRegistration(_ credential: CredentialBody, data: [String: JSONValue]) throws -> VerifiedRegistration {
        guard let attestation = credential.attestationObject else {
            throw APIError.invalidRequest("response.attestation_object is required", field: "response.attestation_object", code: "required")
        }
        let expectations = RegistrationExpectations(
            clientData: ClientDataPolicy(
                expectedChallenge: Base64URL.decode(credential.challenge) ?? [], expectedOrigins: [data["origin"]?.stringValue ?? ""]),
            rpId: env.configuration.rpId, allowedAlgorithms: WebAuthnOptions.algorithms.map { COSEAlgorithm($0) },
            verificationTime: env.clock.now)
        do {
            return try RegistrationVerifier.verify(
                clientDataJSON: credential.clientDataJSON, attestationObject: attestation,
                credentialId: credential.rawId, expectations: expectations)
        } catch { throw verificationFailed(error) }
    }

    private func passkey(_ v: VerifiedRegistration, accountId: String, friendlyName: String) -> IdentityStore.Passkey {
        .init(
            id: v.credentialId, accountId: accountId, publicKey: v.credentialPublicKey, signCount: v.signCount,
            backupEligible: v.backupEligible, backupState: v.backedUp, aaguid: v.aaguid.description, friendlyName: friendlyName,
            createdAt: env.now)
    }

    // MARK: signup

    func signupOptions(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        try env.requireClient(try body.string("client_id"))
        let origin = try origin(body)
        let scope = try env.scopes(try body.string("scope"))
        let profile = try body.requiredObject("profile")
        let draft = try ProfileInput.draft(profile, env: env)
        // Taken identifiers are refused now, before the user is asked to create a passkey.
        if let e = draft.email, try env.store.account(where: .email, equals: e) != nil { throw APIError.emailAlreadyExists }
        if let p = draft.phoneNumber, try env.store.account(where: .phoneNumber, equals: p) != nil {
            throw APIError.phoneNumberAlreadyExists
        }
        if let c = draft.customIdentifier, try env.store.account(where: .customIdentifier, equals: c) != nil {
            throw APIError.customIdentifierAlreadyExists
        }
        let userId = env.secrets.random.bytes(32)
        let name = try friendlyName(body)
        let challenge = try newChallenge(
            .signup,
            [
                "origin": .string(origin), "webauthn_id": .string(Base64URL.encode(userId)),
                "profile": .object(profile.members), "friendly_name": .string(name),
                "scope": .string(scope.joined(separator: " ")),
            ])
        let display = draft.email ?? draft.phoneNumber ?? draft.customIdentifier ?? ""
        return JSONResponse.make(
            WebAuthnOptions.creation(
                challenge: challenge, rpId: env.configuration.rpId, rpName: env.configuration.rpName,
                userId: userId, name: display,
                displayName: draft.profile["name"]?.stringValue ?? display, exclude: [],
                friendlyName: name, timeoutSeconds: env.configuration.lifetimes.challenge))
    }

    func signup(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        let webauthnId = try body.requiredString("webauthn_id", maxLength: 256)
        let credential = try CredentialBody(try body.requiredObject("public_key_credential"))
        let data = try takeCeremony(credential, .signup)
        guard let issued = data["webauthn_id"]?.stringValue, constantTimeEquals(Array(issued.utf8), Array(webauthnId.utf8)) else {
            throw APIError.invalidRequest("webauthn_id is not the user id these options issued", field: "webauthn_id", code: "mismatch")
        }
        let verified = try verifyRegistration(credential, data: data)
        guard case .object(let profile)? = data["profile"] else { throw APIError.invalidRequest("The ceremony lost its profile") }
        let draft = try ProfileInput.draft(JSONBody(members: profile), env: env)
        let account = try AccountCreation.create(
            draft, passkey: (verified.credentialId, verified.credentialPublicKey, data["friendly_name"]?.stringValue ?? "Passkey"),
            aaguid: verified.aaguid.description, signCount: verified.signCount,
            backupEligible: verified.backupEligible, backupState: verified.backedUp,
            webauthnUserId: Base64URL.decode(issued), in: env)
        if account.email != nil, env.configuration.verifyEmailTemplate {
            try EmailVerification.send(to: account, redirectURL: nil, limited: false, env: env)
        }
        return JSONResponse.make(.object(["tkn": .string(try env.issueTkn(for: account, authType: "webauthn"))]))
    }

    // MARK: authentication

    func authenticationOptions(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        try env.requireClient(try body.string("client_id"))
        let origin = try origin(body)
        let scope = try env.scopes(try body.string("scope"))
        var data: [String: JSONValue] = ["origin": .string(origin), "scope": .string(scope.joined(separator: " "))]
        var allow: [[UInt8]]?
        if body.has("email") || body.has("phone_number") {
            guard let account = try PasswordLoginRoutes.lookup(body, env: env) else {
                throw APIError(.badRequest, "invalid_grant", "No account with a passkey has this identifier", key: .webauthnFailed)
            }
            let ids = try env.store.passkeys(accountId: account.id).map(\.id)
            guard !ids.isEmpty else {
                throw APIError(.badRequest, "invalid_grant", "No account with a passkey has this identifier", key: .webauthnFailed)
            }
            allow = ids
            data["account_id"] = .string(account.id)
            data["allow"] = .array(ids.map { .string(Base64URL.encode($0)) })
        }
        let challenge = try newChallenge(.authentication, data)
        return JSONResponse.make(
            WebAuthnOptions.request(
                challenge: challenge, rpId: env.configuration.rpId, allow: allow,
                timeoutSeconds: env.configuration.lifetimes.challenge))
    }

    func authentication(_ request: Request) async throws -> Response {
        let credential = try CredentialBody(try await JSONBody.read(request))
        guard let authenticatorData = credential.authenticatorData, let signature = credential.signature else {
            throw APIError.invalidRequest(
                "response.authenticator_data and response.signature are required", field: "response", code: "required")
        }
        let data = try takeCeremony(credential, .authentication)
        guard let stored = try env.store.read({ db in try env.store.passkey(id: credential.rawId, in: db) }),
            let account = try env.store.account(id: stored.accountId)
        else {
            throw APIError(.badRequest, "invalid_grant", "This passkey is not registered", key: .webauthnFailed)
        }
        let allow: [[UInt8]] = {
            guard case .array(let list)? = data["allow"] else { return [] }
            return list.compactMap { $0.stringValue.flatMap(Base64URL.decode) }
        }()
        let expectations = AuthenticationExpectations(
            clientData: ClientDataPolicy(
                expectedChallenge: Base64URL.decode(credential.challenge) ?? [], expectedOrigins: [data["origin"]?.stringValue ?? ""]),
            rpId: env.configuration.rpId, credentialPublicKey: stored.publicKey, storedSignCount: stored.signCount, allowCredentials: allow,
            expectedUserHandle: credential.userHandle == nil ? nil : account.webauthnUserId, storedBackupState: stored.backupState)
        let verified: VerifiedAuthentication
        do {
            verified = try AuthenticationVerifier.verify(
                credentialId: credential.rawId, clientDataJSON: credential.clientDataJSON,
                authenticatorData: authenticatorData, signature: signature,
                userHandle: credential.userHandle, expectations: expectations)
        } catch { throw verificationFailed(error) }
        guard
            try env.store.write({ db in
                try env.store.recordUse(
                    of: stored.id, signCount: verified.newSignCount, backupState: verified.backedUp, at: env.now, in: db)
            })
        else {
            throw APIError(
                .badRequest, "invalid_grant", "The passkey was used or deleted meanwhile: its signature counter did not increase",
                key: .webauthnFailed)
        }
        return JSONResponse.make(.object(["tkn": .string(try env.issueTkn(for: account, authType: "webauthn"))]))
    }

    // MARK: registration (signed in)

    func registrationOptions(_ request: Request) async throws -> Response {
        // Adding or removing a credential changes how the account signs in: a write, like the
        // profile's, so it takes `full_write` (a read-only token must not mint a passkey).
        let body = try await JSONBody.read(request)
        let auth = try env.authenticate(request, requiring: "full_write")
        try env.requireFreshLogin(auth)
        let origin = try origin(body)
        let name = try friendlyName(body)
        let existing = try env.store.passkeys(accountId: auth.account.id).map(\.id)
        let challenge = try newChallenge(
            .registration, ["origin": .string(origin), "account_id": .string(auth.account.id), "friendly_name": .string(name)])
        let display = auth.account.email ?? auth.account.phoneNumber ?? auth.account.customIdentifier ?? auth.account.id
        return JSONResponse.make(
            WebAuthnOptions.creation(
                challenge: challenge, rpId: env.configuration.rpId, rpName: env.configuration.rpName,
                userId: auth.account.webauthnUserId, name: display,
                displayName: auth.account.profile["name"]?.stringValue ?? display, exclude: existing,
                friendlyName: name, timeoutSeconds: env.configuration.lifetimes.challenge))
    }

    func registration(_ request: Request) async throws -> Response {
        let credential = try CredentialBody(try await JSONBody.read(request))
        let auth = try env.authenticate(request, requiring: "full_write")
        try env.requireFreshLogin(auth)
        let data = try takeCeremony(credential, .registration)
        guard data["account_id"]?.stringValue == auth.account.id else {
            throw APIError(.badRequest, "invalid_grant", "These registration options were issued to another account", key: .webauthnFailed)
        }
        let verified = try verifyRegistration(credential, data: data)
        try env.store.write { db in
            try env.recheck(auth, in: db)
            try env.store.insertPasskey(
                passkey(verified, accountId: auth.account.id, friendlyName: data["friendly_name"]?.stringValue ?? "Passkey"), in: db)
        }
        return JSONResponse.noContent()
    }

    func list(_ request: Request) throws -> Response {
        let auth = try env.authenticate(request)
        let items: [JSONValue] = try env.store.passkeys(accountId: auth.account.id).map { p in
            var o: [String: JSONValue] = [
                "id": .string(Base64URL.encode(p.id)), "friendly_name": .string(p.friendlyName),
                "created_at": .string(ProfileClaims.iso8601(p.createdAt)), "aaguid": .string(p.aaguid),
                "backup_eligible": .bool(p.backupEligible), "backed_up": .bool(p.backupState),
            ]
            if let used = p.lastUsedAt { o["last_used_at"] = .string(ProfileClaims.iso8601(used)) }
            return .object(o)
        }
        return JSONResponse.make(.array(items))
    }

    // MARK: reset (account recovery)

    /// The recovery code's identifier and account (see CodeTarget), and the code.
    private func recoveryAccount(_ body: JSONBody) throws -> (Account, CodeTarget, String) {
        let code = try body.requiredString("verification_code", maxLength: 64)
        let target = try CodeTarget.read(body, env: env)
        return (try target.requireAccount(env: env), target, code)
    }

    func resetOptions(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        try env.requireClient(try body.string("client_id"))
        let origin = try origin(body)
        let (account, target, code) = try recoveryAccount(body)
        guard
            try env.store.read({ db in
                try env.store.peekCode(
                    accountId: account.id, purpose: .passkeyReset, target: target.value, code: code, now: env.now, in: db)
            })
        else {
            throw APIError.invalidVerificationCode
        }
        let name = try friendlyName(body)
        var data: [String: JSONValue] = ["origin": .string(origin), "account_id": .string(account.id), "friendly_name": .string(name)]
        // When the recovery's proof will move the identifier to a new account (IdentifierProof),
        // the passkey is made for that account's user handle, chosen now.
        var userId = account.webauthnUserId
        if IdentifierProof.wouldMove(target.identifier, of: account) {
            userId = env.secrets.random.bytes(32)
            data["moved_user_id"] = .string(Base64URL.encode(userId))
        }
        let challenge = try newChallenge(.reset, data)
        let display = target.value
        return JSONResponse.make(
            WebAuthnOptions.creation(
                challenge: challenge, rpId: env.configuration.rpId, rpName: env.configuration.rpName,
                userId: userId, name: display,
                displayName: account.profile["name"]?.stringValue ?? display, exclude: [],
                friendlyName: name, timeoutSeconds: env.configuration.lifetimes.challenge))
    }

    func reset(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        try env.requireClient(try body.string("client_id"))
        let (account, target, code) = try recoveryAccount(body)
        let credential = try CredentialBody(try body.requiredObject("public_key_credential"))
        let data = try takeCeremony(credential, .reset)
        guard data["account_id"]?.stringValue == account.id else {
            throw APIError(.badRequest, "invalid_grant", "These reset options were issued to another account", key: .webauthnFailed)
        }
        let verified = try verifyRegistration(credential, data: data)
        try env.store.write { db in
            guard
                try env.store.consumeCode(
                    accountId: account.id, purpose: .passkeyReset, target: target.value, code: code, now: env.now, in: db) != nil,
                let current = try env.store.account(id: account.id, in: db)
            else {
                throw APIError.invalidVerificationCode
            }
            let movedUserId = data["moved_user_id"]?.stringValue.flatMap(Base64URL.decode)
            guard IdentifierProof.wouldMove(target.identifier, of: current) == (movedUserId != nil) else {
                throw APIError(
                    .badRequest, "invalid_grant", "The account changed since these reset options were issued; ask for new ones",
                    key: .webauthnFailed)
            }
            // The code went to the identifier: a proof of it (IdentifierProof). The new passkey
            // replaces every passkey of the account the prover owns, and its sessions end.
            let owner = try IdentifierProof.claim(target.identifier, accountId: account.id, newAccountUserId: movedUserId, env: env, in: db)
            try env.store.deletePasskeys(accountId: owner, in: db)
            try env.store.insertPasskey(
                passkey(verified, accountId: owner, friendlyName: data["friendly_name"]?.stringValue ?? "Passkey"), in: db)
            try env.store.revokeSessions(accountId: owner, now: env.now, lifetimes: env.configuration.lifetimes, in: db)
        }
        return JSONResponse.noContent()
    }
}
