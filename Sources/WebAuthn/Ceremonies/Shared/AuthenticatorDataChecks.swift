import LatchkeyCrypto

/// The authenticator-data steps both ceremonies share, in spec order: rpIdHash (§7.1 step 13,
/// §7.2 step 14), UP, UV when required, and BS=1 only with BE=1.
enum AuthenticatorDataChecks {
    static func check(_ authData: AuthenticatorData, rpId: String, requireUserPresence: Bool,
                      requireUserVerification: Bool) throws(VerificationError) {
        guard constantTimeEquals(authData.rpIdHash, Digest.sha256(rpId)) else {
            throw VerificationError(.rpIdHash, "Verify that the rpIdHash in authData is the SHA-256 hash of the RP ID expected by the Relying Party: it is not (RP ID \"\(rpId)\")")
        }
        if requireUserPresence && !authData.flags.contains(.userPresent) {
            throw VerificationError(.userPresent, "Verify that the UP bit of the flags in authData is set: it is not")
        }
        if requireUserVerification && !authData.flags.contains(.userVerified) {
            throw VerificationError(.userVerified, "If user verification was determined to be required, verify that the UV bit of the flags in authData is set: it is not")
        }
        if authData.flags.contains(.backupState) && !authData.flags.contains(.backupEligible) {
            throw VerificationError(.backupState, "If the BE bit of the flags in authData is not set, verify that the BS bit is not set: BS is set")
        }
    }
}
