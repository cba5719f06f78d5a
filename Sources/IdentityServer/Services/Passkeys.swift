import Encoding
import Foundation
import LatchkeyCrypto
import SQLite
import WebAuthn

/// The WebAuthn ceremonies: each options call remembers a fresh challenge for its ceremony
/// (single use, expiring); each finish call is verified with the project's own
/// `RegistrationVerifier` / `AuthenticationVerifier` (type, challenge, origin — the one the
/// options call named, which must be an allowed origin — rpIdHash, UP, signature, counter).
///
/// Every call is one transaction. A finish call spends its challenge whatever happens next: the
/// work after taking it runs under a savepoint, so a refusal undoes that work but the spent
/// challenge is committed (see ``spend(_:_:as:in:_:)``).
struct Passkeys: Sendable {
    let core: ServiceCore
    let sessions: Sessions
    let logins: LoginCompletion

    /// The login method a passkey login records (and its `tkn` carries).
    static let authType = "webauthn"

    /// The origin an options call names: required, and one of the client's allowed origins.
    func allowedOrigin(_ origin: String?) throws(APIError) -> String {
        let origin = try ProfileInput.required(origin, "origin", max: 2048)
        guard core.allowedOrigins.contains(origin) else {
            throw APIError.invalidRequest(
                "origin \(origin) is not an allowed WebAuthn origin of this client", field: "origin", code: "not_allowed")
        }
        return origin
    }

    /// The name the new passkey is listed under (`Passkey` when none is given).
    func friendlyName(_ name: String?) throws(APIError) -> String {
        let name = try ProfileInput.limited(name, "friendly_name", max: 256) ?? ""
        return name.isEmpty ? "Passkey" : name
    }

    /// Starts a ceremony: a fresh challenge remembered with `data` until it expires.
    func newChallenge(_ ceremony: IdentityStore.Ceremony, _ data: some Encodable, in db: Database) throws -> String {
        let challenge = core.secrets.token()
        try core.store.insertChallenge(
            challenge, ceremony: ceremony, data: data, expiresAt: core.now + core.configuration.lifetimes.challenge, in: db)
        return challenge
    }

    /// Takes the ceremony's challenge (deleting it) and runs `body` with its data under a
    /// savepoint. The result is returned rather than thrown, so the caller's transaction commits
    /// the spent challenge either way: a refused finish call cannot be replayed.
    func spend<Data: Decodable, R>(
        _ challenge: String, _ ceremony: IdentityStore.Ceremony, as type: Data.Type, in db: Database, _ body: (Data) throws -> R
    ) throws -> Result<R, any Error> {
        guard let data = try core.store.takeChallenge(challenge, ceremony: ceremony, as: type, now: core.now, in: db) else {
            return .failure(
                APIError(
                    .badRequest, "invalid_grant", "The challenge is unknown, used, expired or of another ceremony", key: .webauthnFailed,
                    details: [FieldError(field: "response.client_data_json", message: "challenge", code: "invalid_challenge")]))
        }
        return try core.store.savepoint(in: db) { try body(data) }
    }

    static func verificationFailed(_ error: VerificationError) -> APIError {
        APIError(
            .badRequest, error.isPossibleClone ? "possible_clone" : "invalid_grant", error.description, key: .webauthnFailed,
            details: [FieldError(field: "public_key_credential", message: error.message, code: error.step.rawValue)])
    }

    /// Verifies a new credential against its ceremony's challenge and origin.
    func verifyRegistration(_ credential: CredentialBody, challenge: String, origin: String) throws -> VerifiedRegistration {
        guard let attestation = credential.response.attestationObject else {
            throw APIError.invalidRequest("response.attestation_object is required", field: "response.attestation_object", code: "required")
        }
        let expectations = RegistrationExpectations(
            clientData: ClientDataPolicy(expectedChallenge: Base64URL.decode(challenge) ?? [], expectedOrigins: [origin]),
            rpId: core.configuration.rpId, allowedAlgorithms: WebAuthnOptions.algorithms.map { COSEAlgorithm($0) },
            verificationTime: core.clock.now)
        do {
            return try RegistrationVerifier.verify(
                clientDataJSON: credential.response.clientDataJSON.bytes, attestationObject: attestation.bytes,
                credentialId: credential.rawId.bytes, expectations: expectations)
        } catch { throw Self.verificationFailed(error) }
    }

    /// The stored form of a verified credential.
    func record(_ v: VerifiedRegistration, accountId: String, friendlyName: String) -> IdentityStore.Passkey {
        .init(
            id: v.credentialId, accountId: accountId, publicKey: v.credentialPublicKey, signCount: v.signCount,
            backupEligible: v.backupEligible, backupState: v.backedUp, aaguid: v.aaguid.description, friendlyName: friendlyName,
            createdAt: core.now)
    }

    /// The name a creation options document shows for an account.
    static func displayName(_ account: Account, identifier: String) -> String {
        account.profile["name"]?.stringValue ?? identifier
    }
}
