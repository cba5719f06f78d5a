import WebAuthn

/// What a response carries that a test may bend (`ResponseOverrides`: cleared UP/UV flags, a
/// broken signature), the batch attestation made on first use, and the global counter.
extension SoftwareAuthenticator {
    func flags(userVerified: Bool, userPresent: Bool, credential: StoredCredential) -> AuthenticatorData.Flags {
        let overrides = self.overrides
        var f: AuthenticatorData.Flags = []
        if userPresent && !overrides.clearUserPresent { f.insert(.userPresent) }
        if userVerified && !overrides.clearUserVerified { f.insert(.userVerified) }
        if credential.backupEligible { f.insert(.backupEligible) }
        if credential.backupState { f.insert(.backupState) }
        return f
    }

    func finalSignature(_ signature: [UInt8]) -> [UInt8] {
        guard overrides.bogusSignature, !signature.isEmpty else { return signature }
        var s = signature
        s[s.count - 1] ^= 0xFF
        s[s.count / 2] ^= 0x5A
        return s
    }

    /// The batch attestation key and certificate, generated on first use when none was given.
    /// - Parameter aaguid: the AAGUID its certificate names when it is made now (the calling
    ///   ceremony's profile's; the current profile's by default).
    public func batchForPackedAttestation(aaguid: AAGUID? = nil) throws -> BatchAttestation {
        if let batch = batchAttestation { return batch }
        // Generated outside the lock (a key and a certificate); two first uses at once keep
        // whichever was stored first, so every caller attests with one batch.
        let generated = try BatchAttestation.generate(aaguid: aaguid ?? profile.aaguid, random: random)
        return state.withLock { state in
            if let batch = state.batch { return batch }
            state.batch = generated
            return generated
        }
    }

    func nextGlobalCounter() -> UInt32 {
        state.withLock { state in
            state.globalCounter &+= 1
            return state.globalCounter
        }
    }
}
