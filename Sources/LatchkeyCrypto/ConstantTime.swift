import COpenSSL

/// Compares two byte strings without an early exit on the first difference. Lengths are not
/// secret, so a length mismatch returns false at once.
public func constantTimeEquals<A: ContiguousBytes, B: ContiguousBytes>(_ a: A, _ b: B) -> Bool {
    a.withUnsafeBytes { pa in
        b.withUnsafeBytes { pb in
            guard pa.count == pb.count else { return false }
            if pa.count == 0 { return true }
            return CRYPTO_memcmp(pa.baseAddress, pb.baseAddress, pa.count) == 0
        }
    }
}

/// Byte containers the constant-time helpers accept.
public protocol ContiguousBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}
extension Array: ContiguousBytes where Element == UInt8 {}
extension ArraySlice: ContiguousBytes where Element == UInt8 {}
extension SecureBytes: ContiguousBytes {}
