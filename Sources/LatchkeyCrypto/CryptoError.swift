import COpenSSL

/// Every failure the crypto layer reports. Messages never contain key material.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An OpenSSL call failed; `operation` names the call, `detail` is OpenSSL's reason string.
    case openssl(operation: String, detail: String)
    case invalidKey(String)
    case invalidSignature
    case unsupportedAlgorithm(String)
    case invalidCertificate(String)
    case chainValidationFailed(String)
    case authenticationFailed
    case invalidParameter(String)
    case resourceLimit(String)

    public var description: String {
        switch self {
        case .openssl(let op, let detail): return "OpenSSL \(op) failed: \(detail)"
        case .invalidKey(let why): return "invalid key: \(why)"
        case .invalidSignature: return "invalid signature encoding"
        case .unsupportedAlgorithm(let alg): return "unsupported algorithm: \(alg)"
        case .invalidCertificate(let why): return "invalid certificate: \(why)"
        case .chainValidationFailed(let why): return "certificate chain validation failed: \(why)"
        case .authenticationFailed: return "authenticated decryption failed"
        case .invalidParameter(let why): return "invalid parameter: \(why)"
        case .resourceLimit(let why): return "resource limit exceeded: \(why)"
        }
    }

    /// Builds an error from OpenSSL's thread-local queue and clears the queue, so a stale entry
    /// never leaks into the next failure's message.
    static func fromQueue(_ operation: String) -> CryptoError {
        var detail = "unknown error"
        let code = ERR_get_error()
        if code != 0, let reason = ERR_reason_error_string(code) {
            detail = String(cString: reason)
        }
        ERR_clear_error()
        return .openssl(operation: operation, detail: detail)
    }
}

/// Throws `CryptoError.openssl` unless an OpenSSL call returned 1 (its success convention).
@inline(__always)
func check(_ result: Int32, _ operation: String) throws(CryptoError) {
    if result != 1 { throw CryptoError.fromQueue(operation) }
}
