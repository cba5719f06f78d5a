import COpenSSL
import Foundation

/// Raw OpenSSL primitive rates, measured by direct libcrypto calls with no Latchkey code in the
/// loop. `latchkey bench` divides its own rates by these, so both come from the same run.
public enum OpenSSLBaseline {
    /// P-256 ECDSA-SHA256 signatures per second on the calling thread: SHA-256 of a 69-byte
    /// message (authenticator data ‖ client data hash) then `EVP_PKEY_sign` on one context.
    public static func p256SignPerSecond(seconds: Double) throws(CryptoError) -> Double {
        let key = try P256PrivateKey.generate()
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, key.pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_sign_init(ctx), "EVP_PKEY_sign_init")
        try check(EVP_PKEY_CTX_set_signature_md(ctx, FetchedDigests.sha256), "EVP_PKEY_CTX_set_signature_md")
        let message = [UInt8](repeating: 0x5a, count: 69)
        var digest = [UInt8](repeating: 0, count: 32)
        var sig = [UInt8](repeating: 0, count: 72)
        return measure(seconds: seconds) {
            var dlen: UInt32 = 0
            EVP_Digest(message, message.count, &digest, &dlen, FetchedDigests.sha256, nil)
            var len = sig.count
            _ = EVP_PKEY_sign(ctx, &sig, &len, digest, 32)
        }
    }

    /// P-256 ECDSA-SHA256 verifications per second: SHA-256 then `EVP_PKEY_verify` on one context.
    public static func p256VerifyPerSecond(seconds: Double) throws(CryptoError) -> Double {
        let key = try P256PrivateKey.generate()
        let message = [UInt8](repeating: 0x5a, count: 69)
        let signature = try key.sign(message)
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, key.pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_verify_init(ctx), "EVP_PKEY_verify_init")
        try check(EVP_PKEY_CTX_set_signature_md(ctx, FetchedDigests.sha256), "EVP_PKEY_CTX_set_signature_md")
        var digest = [UInt8](repeating: 0, count: 32)
        var failures = 0
        let rate = measure(seconds: seconds) {
            var dlen: UInt32 = 0
            EVP_Digest(message, message.count, &digest, &dlen, FetchedDigests.sha256, nil)
            if EVP_PKEY_verify(ctx, signature, signature.count, digest, 32) != 1 { failures += 1 }
        }
        guard failures == 0 else { throw .openssl(operation: "EVP_PKEY_verify", detail: "baseline signature did not verify") }
        return rate
    }

    /// Runs `body` for about `seconds`, split into five rounds, and returns the best round's
    /// iterations per second. Every row (baselines included) is measured the same way, so a
    /// moment of interference from another process does not decide a ratio.
    public static func measure(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
        var best = 0.0
        for _ in 0..<5 { best = max(best, try measureOnce(seconds: seconds / 5, body)) }
        return best
    }

    /// One timed round. The clock is read every 16 iterations so timing stays out of the rate.
    static func measureOnce(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let budget = Duration.nanoseconds(Int64(seconds * 1e9))
        var count = 0
        var elapsed = Duration.zero
        repeat {
            for _ in 0..<16 { try body() }
            count += 16
            elapsed = clock.now - start
        } while elapsed < budget
        let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count) / s
    }
}
