import COpenSSL
import Foundation

/// Raw OpenSSL primitives, run by direct libcrypto calls with no Latchkey code in the loop, for
/// `latchkey bench` to measure its own rates against in the same run. It calls libcrypto, so
/// it lives in this module (the only one that may), behind the `Benchmark` SPI: an app that
/// imports LatchkeyCrypto does not see it.
@_spi(Benchmark) public enum OpenSSLBaseline {
    /// One raw OpenSSL operation, ready to run repeatedly: `latchkey bench` interleaves slices
    /// of it with slices of its own work, so both see the same machine load.
    public final class Workload: @unchecked Sendable { // run by one bench thread at a time
        private let context: OpaquePointer
        private let operation: (OpaquePointer) -> Int32
        private var failures = 0

        fileprivate init(context: OpaquePointer, operation: @escaping (OpaquePointer) -> Int32) {
            self.context = context
            self.operation = operation
        }

        deinit { EVP_PKEY_CTX_free(context) }

        /// Runs the operation once; a failure is counted, and reported by `checkNoFailures`.
        public func callAsFunction() {
            if operation(context) != 1 { failures += 1 }
        }

        /// Throws when any run failed, so a broken baseline never yields a rate.
        public func checkNoFailures() throws(CryptoError) {
            guard failures == 0 else { throw .openssl(operation: "baseline", detail: "\(failures) operations failed") }
        }
    }

    /// P-256 ECDSA-SHA256 signing: SHA-256 of a 69-byte message (authenticator data ‖ client
    /// data hash) then `EVP_PKEY_sign` on one context.
    public static func p256Sign() throws(CryptoError) -> Workload {
        let key = try P256PrivateKey.generate()
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, key.pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        let workload = Workload(context: ctx) { ctx in
            var digest = [UInt8](repeating: 0, count: 32)
            var sig = [UInt8](repeating: 0, count: 72)
            var dlen: UInt32 = 0
            EVP_Digest(baselineMessage, baselineMessage.count, &digest, &dlen, FetchedDigests.sha256, nil)
            var len = sig.count
            return EVP_PKEY_sign(ctx, &sig, &len, digest, 32)
        }
        try check(EVP_PKEY_sign_init(ctx), "EVP_PKEY_sign_init")
        try check(EVP_PKEY_CTX_set_signature_md(ctx, FetchedDigests.sha256), "EVP_PKEY_CTX_set_signature_md")
        return workload
    }

    /// P-256 ECDSA-SHA256 verification: SHA-256 then `EVP_PKEY_verify` on one context.
    public static func p256Verify() throws(CryptoError) -> Workload {
        let key = try P256PrivateKey.generate()
        let signature = try key.sign(baselineMessage)
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, key.pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        let workload = Workload(context: ctx) { ctx in
            var digest = [UInt8](repeating: 0, count: 32)
            var dlen: UInt32 = 0
            EVP_Digest(baselineMessage, baselineMessage.count, &digest, &dlen, FetchedDigests.sha256, nil)
            return EVP_PKEY_verify(ctx, signature, signature.count, digest, 32)
        }
        try check(EVP_PKEY_verify_init(ctx), "EVP_PKEY_verify_init")
        try check(EVP_PKEY_CTX_set_signature_md(ctx, FetchedDigests.sha256), "EVP_PKEY_CTX_set_signature_md")
        return workload
    }

    private static let baselineMessage = [UInt8](repeating: 0x5a, count: 69)

    /// One timed round. The clock is read every 16 iterations so timing stays out of the rate.
    public static func measureOnce(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
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
