import LatchkeyCrypto
import WebAuthn

/// The CTAP hmac-secret extension behind WebAuthn `prf`.
///
/// Each credential holds two random 32-byte CredRandom values (one used when UV was performed,
/// one without). The output for a salt is HMAC-SHA-256(CredRandom, salt). The client turns PRF
/// inputs into salts with SHA-256("WebAuthn PRF" ‖ 0x00 ‖ input) (L3 §10.1.4).
///
/// The client and authenticator live in one process, so salts and outputs are passed directly
/// rather than through PIN/UV auth protocol encryption; the values are the ones a CTAP
/// authenticator would compute.
public enum HMACSecret {
    public static func newCredRandom(_ random: any RandomSource) -> SecureBytes {
        SecureBytes(random.bytes(64))
    }

    public static func evaluate(
        credRandom: SecureBytes, userVerified: Bool,
        salts: (first: [UInt8], second: [UInt8]?)
    ) -> (first: [UInt8], second: [UInt8]?) {
        let key = credRandom.withUnsafeBytes { Array($0[userVerified ? 32..<64 : 0..<32]) }
        let first = HMAC.authenticate(.sha256, key: key, data: salts.first)
        let second = salts.second.map { HMAC.authenticate(.sha256, key: key, data: $0) }
        return (first, second)
    }

    /// PRF inputs (first, optional second) as hmac-secret salts.
    public static func salts(for values: AuthenticationExtensionsClientInputsJSON.PRFValues) -> (first: [UInt8], second: [UInt8]?) {
        (salt(forPRFInput: values.first.bytes), values.second.map { salt(forPRFInput: $0.bytes) })
    }

    /// The WebAuthn PRF input → hmac-secret salt mapping.
    public static func salt(forPRFInput input: [UInt8]) -> [UInt8] {
        Digest.sha256(Array("WebAuthn PRF".utf8) + [0x00] + input)
    }
}
