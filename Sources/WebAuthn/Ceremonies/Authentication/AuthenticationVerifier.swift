import Foundation
import LatchkeyCrypto

/// What an RP knows and expects for an assertion (§7.2).
public struct AuthenticationExpectations: Sendable {
    public var clientData: ClientDataPolicy
    public var rpId: String
    /// The stored COSE key bytes.
    public var credentialPublicKey: [UInt8]
    /// The stored signature counter.
    public var storedSignCount: UInt32
    /// `allowCredentials` IDs; empty when the RP let the user pick a discoverable credential.
    public var allowCredentials: [[UInt8]]
    /// The user handle of the account that owns the credential, when known.
    public var expectedUserHandle: [UInt8]?
    /// The BS flag stored at the last ceremony, to report a backup state change.
    public var storedBackupState: Bool?
    public var requireUserVerification: Bool
    public var requireUserPresence: Bool

    public init(
        clientData: ClientDataPolicy, rpId: String, credentialPublicKey: [UInt8], storedSignCount: UInt32 = 0,
        allowCredentials: [[UInt8]] = [], expectedUserHandle: [UInt8]? = nil, storedBackupState: Bool? = nil,
        requireUserVerification: Bool = false, requireUserPresence: Bool = true
    ) {
        self.clientData = clientData
        self.rpId = rpId
        self.credentialPublicKey = credentialPublicKey
        self.storedSignCount = storedSignCount
        self.allowCredentials = allowCredentials
        self.expectedUserHandle = expectedUserHandle
        self.storedBackupState = storedBackupState
        self.requireUserVerification = requireUserVerification
        self.requireUserPresence = requireUserPresence
    }
}

public struct VerifiedAuthentication: Sendable {
    public var credentialId: [UInt8]
    public var newSignCount: UInt32
    public var flags: AuthenticatorData.Flags
    /// True when BS differs from `storedBackupState`; nil when nothing was stored.
    public var backupStateChanged: Bool?
    public var userVerified: Bool { flags.contains(.userVerified) }
    public var backedUp: Bool { flags.contains(.backupState) }
}

/// Verifying an authentication assertion, WebAuthn L3 §7.2, step by step. Step numbers are
/// those of the Level 3 editor's draft (2026-07-30); steps 1–4 happen at the client.
public enum AuthenticationVerifier {
    public static func verify(
        credentialId: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
        userHandle: [UInt8]?, expectations e: AuthenticationExpectations
    ) throws(VerificationError) -> VerifiedAuthentication {
        // Step 5: allowCredentials membership.
        if !e.allowCredentials.isEmpty && !e.allowCredentials.contains(credentialId) {
            throw VerificationError(
                .allowCredentials,
                "If options.allowCredentials is not empty, verify that credential.id identifies one of the public key credentials listed in it: it does not"
            )
        }
        // Step 6: the user handle belongs to the credential's owner. A caller that names the
        // owner's handle expects the response to carry it (a discoverable login, where the handle
        // is how the RP found the account); a missing handle then fails rather than passing.
        if let expected = e.expectedUserHandle {
            guard let given = userHandle else {
                throw VerificationError(
                    .userHandle,
                    "Verify that response.userHandle is present: it is not, although the Relying Party identifies the user by it")
            }
            guard constantTimeEquals(expected, given) else {
                throw VerificationError(
                    .userHandle,
                    "Verify that response.userHandle is the user handle of the user account the credential belongs to: it is not")
            }
        }
        // Step 6 (cont.): the credential record's public key.
        let key: COSEKey
        do { key = try COSEKey(bytes: e.credentialPublicKey) } catch {
            throw VerificationError(.parse, "the stored credential public key is not a valid COSE key: \(error)")
        }
        guard let alg = key.algorithm, let scheme = alg.signatureAlgorithm(okpCurve: key.okpCurve) else {
            throw VerificationError(
                .algorithm, "\(key.algorithm?.name ?? "a key without alg") is not supported (OpenSSL 3.0 cannot verify it)",
                kind: .unsupported)
        }
        // Steps 8–14: client data (type step 10, challenge 11, origin 12, crossOrigin 13, topOrigin 14).
        _ = try e.clientData.check(clientDataJSON, expectedType: "webauthn.get")
        // Step 7: authData.
        let authData: AuthenticatorData
        do { authData = try AuthenticatorData(bytes: authenticatorData) } catch {
            throw VerificationError(.parse, "authenticatorData: \(error)")
        }
        // Steps 15–18: rpIdHash (step 15), UP (step 16), UV (step 17), BE/BS (step 18).
        try AuthenticatorDataChecks.check(
            authData, rpId: e.rpId, requireUserPresence: e.requireUserPresence,
            requireUserVerification: e.requireUserVerification)
        // Step 20: hash; step 21: the signature over authData ‖ hash.
        let publicKey: PublicKey
        do { publicKey = try key.publicKey() } catch {
            throw VerificationError(.parse, "the stored credential public key cannot be imported: \(error)")
        }
        let signed = authenticatorData + Digest.sha256(clientDataJSON)
        let valid: Bool
        do { valid = try publicKey.verify(signature: signature, message: signed, algorithm: scheme) } catch {
            throw VerificationError(
                .signature,
                "Using credentialPublicKey, verify that sig is a valid signature over the binary concatenation of authData and hash: \(error)"
            )
        }
        guard valid else {
            throw VerificationError(
                .signature,
                "Using credentialPublicKey, verify that sig is a valid signature over the binary concatenation of authData and hash: it is not"
            )
        }
        // Step 22: the signature counter.
        if (authData.signCount != 0 || e.storedSignCount != 0) && authData.signCount <= e.storedSignCount {
            throw VerificationError(
                .signCount,
                "authData.signCount (\(authData.signCount)) is not greater than the stored signCount (\(e.storedSignCount)): this is a signal that the authenticator may be cloned",
                kind: .possibleClone)
        }
        return VerifiedAuthentication(
            credentialId: credentialId, newSignCount: authData.signCount, flags: authData.flags,
            backupStateChanged: e.storedBackupState.map { $0 != authData.flags.contains(.backupState) })
    }

    public static func verify(_ response: AuthenticationResponseJSON, expectations: AuthenticationExpectations) throws(VerificationError)
        -> VerifiedAuthentication
    {
        try verify(
            credentialId: response.rawId.bytes, clientDataJSON: response.response.clientDataJSON.bytes,
            authenticatorData: response.response.authenticatorData.bytes, signature: response.response.signature.bytes,
            userHandle: response.response.userHandle?.bytes, expectations: expectations)
    }
}
