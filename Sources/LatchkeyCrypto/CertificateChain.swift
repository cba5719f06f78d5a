import COpenSSL
import Foundation

/// Path validation through OpenSSL's `X509_verify_cert`.
public enum CertificateChain {
    /// Validates `leaf` up to one of `roots`, using `intermediates` as untrusted helpers, with
    /// every validity period checked at `time`. A root may be an intermediate CA (partial chains
    /// are allowed), since WebAuthn trust anchors are often not self-signed roots.
    public static func verify(
        leaf: X509Certificate, intermediates: [X509Certificate], roots: [X509Certificate],
        at time: Date
    ) throws(CryptoError) {
        guard !roots.isEmpty else { throw .chainValidationFailed("no trust anchors given") }
        guard let store = X509_STORE_new() else { throw .fromQueue("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        for root in roots {
            guard X509_STORE_add_cert(store, root.raw) == 1 else {
                ERR_clear_error()
                continue // a duplicate root is not an error
            }
        }
        guard let untrusted = OPENSSL_sk_new_null() else { throw .fromQueue("OPENSSL_sk_new_null") }
        defer { OPENSSL_sk_free(untrusted) }
        for c in intermediates {
            guard OPENSSL_sk_push(untrusted, UnsafeRawPointer(c.raw)) > 0 else { throw .fromQueue("OPENSSL_sk_push") }
        }
        guard let ctx = X509_STORE_CTX_new() else { throw .fromQueue("X509_STORE_CTX_new") }
        defer { X509_STORE_CTX_free(ctx) }
        try check(X509_STORE_CTX_init(ctx, store, leaf.raw, untrusted), "X509_STORE_CTX_init")
        X509_STORE_CTX_set_flags(ctx, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        X509_STORE_CTX_set_time(ctx, 0, time_t(time.timeIntervalSince1970))
        let rc = X509_verify_cert(ctx)
        if rc != 1 {
            let code = X509_STORE_CTX_get_error(ctx)
            let depth = X509_STORE_CTX_get_error_depth(ctx)
            let message = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            ERR_clear_error()
            throw .chainValidationFailed("\(message) (depth \(depth))")
        }
    }
}
