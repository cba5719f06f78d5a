import COpenSSL

public enum HMAC {
    /// HMAC over `data` with the given hash. Keys of any length are accepted, per RFC 2104.
    public static func authenticate(_ algorithm: DigestAlgorithm = .sha256, key: some ContiguousBytes, data: some ContiguousBytes)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: algorithm.outputLength)
        var len: UInt32 = 0
        let result = key.withUnsafeBytes { k in
            data.withUnsafeBytes { d in
                out.withUnsafeMutableBytes { o in
                    COpenSSL.HMAC(
                        algorithm.md, k.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(k.count),
                        d.baseAddress?.assumingMemoryBound(to: UInt8.self), d.count,
                        o.baseAddress!.assumingMemoryBound(to: UInt8.self), &len)
                }
            }
        }
        precondition(result != nil && Int(len) == algorithm.outputLength, "HMAC failed")
        return out
    }

    /// Verifies a tag in constant time.
    public static func verify(
        _ algorithm: DigestAlgorithm = .sha256, tag: some ContiguousBytes, key: some ContiguousBytes, data: some ContiguousBytes
    ) -> Bool {
        constantTimeEquals(authenticate(algorithm, key: key, data: data), tag)
    }
}
