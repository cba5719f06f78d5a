import Encoding
import Hummingbird

/// The signed-in account's passkeys (bearer token): `POST …/registration-options` `{origin,
/// friendly_name?}` → creation options; `POST …/registration` with the credential as the body
/// → 204; `GET …/registration` → the list; `DELETE …/registration/{id}` → 204 or 404.
extension WebAuthnRoutes {
    /// One registered passkey, as the list shows it.
    struct PasskeyDescription: Codable, Sendable, Equatable {
        var id: Base64URLBytes
        var friendlyName: String
        var createdAt: String
        var lastUsedAt: String?
        var aaguid: String
        var backupEligible: Bool
        var backedUp: Bool

        enum CodingKeys: String, CodingKey {
            case id, aaguid
            case friendlyName = "friendly_name"
            case createdAt = "created_at"
            case lastUsedAt = "last_used_at"
            case backupEligible = "backup_eligible"
            case backedUp = "backed_up"
        }

        init(_ p: IdentityStore.Passkey) {
            id = Base64URLBytes(p.id)
            friendlyName = p.friendlyName
            createdAt = ProfileClaims.iso8601(p.createdAt)
            lastUsedAt = p.lastUsedAt.map(ProfileClaims.iso8601)
            aaguid = p.aaguid
            backupEligible = p.backupEligible
            backedUp = p.backupState
        }
    }

    func addRegistrationRoutes(to routes: PolicyRouter) {
        routes.bearer(.post, "/identity/v1/webauthn/registration-options", .credentialChange) { request, _, bearer in
            let body = try await RequestBody.decode(Passkeys.RegistrationStart.self, from: request)
            return try JSONResponse.make(try await passkeys.registrationOptions(body, session: bearer))
        }
        routes.bearer(.post, "/identity/v1/webauthn/registration", .credentialChange) { request, _, bearer in
            let credential = try await RequestBody.decode(CredentialBody.self, from: request)
            try await passkeys.register(credential, session: bearer)
            return JSONResponse.noContent()
        }
        routes.bearer(.get, "/identity/v1/webauthn/registration", .signedIn) { _, _, bearer in
            try JSONResponse.make(try await passkeys.list(session: bearer).map(PasskeyDescription.init))
        }
        routes.bearer(.delete, "/identity/v1/webauthn/registration/{id}", .credentialChange) { _, context, bearer in
            try await passkeys.delete(id: context.parameters.get("id") ?? "", session: bearer)
            return JSONResponse.noContent()
        }
    }
}
