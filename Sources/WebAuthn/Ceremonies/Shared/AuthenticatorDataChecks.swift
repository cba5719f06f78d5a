import LatchkeyCrypto

/// The authenticator-data steps both ceremonies share, in spec order.
enum AuthenticatorDataChecks {
    static func check(
        _ authData: AuthenticatorData, rpId: String, requireUserPresence: Bool,
        requireUserVerification: Bool
    ) throws(VerificationError) {
        // §7.1 step 14, §7.2 step 15: rpIdHash.
        guard constantTimeEquals(authData.rpIdHash, Digest.sha256(rpId)) else {
            throw VerificationError(
                .rpIdHash,
                "Verify that the rpIdHash in authData is the SHA-256 hash of the RP ID expected by the Relying Party: it is not (RP ID \"\(rpId)\")"
            )
        }
        // §7.1 step 15, §7.2 step 16: UP.
        if requireUserPresence && !authData.flags.contains(.userPresent) {
            throw VerificationError(.userPresent, "Verify that the UP bit of the flags in authData is set: it is not")
        }
        // §7.1 step 16, §7.2 step 17: UV, when required.
        if requireUserVerification && !authData.flags.contains(.userVerified) {
            throw VerificationError(
                .userVerified,
                "If user verification was determined to be required, verify that the UV bit of the flags in authData is set: it is not")
        }
        // §7.1 step 17, §7.2 step 18: BS only with BE.
        if authData.flags.contains(.backupState) && !authData.flags.contains(.backupEligible) {
            throw VerificationError(
                .backupState, "If the BE bit of the flags in authData is not set, verify that the BS bit is not set: BS is set")
        }
    }
}
