import COpenSSL

/// scrypt (RFC 7914) with an explicit memory cap, checked before OpenSSL allocates anything.
public enum Scrypt {
    public struct Parameters: Equatable, Sendable, Codable {
        public var logN: Int
        public var r: Int
        public var p: Int
        public init(logN: Int, r: Int = 8, p: Int = 1) {
            self.logN = logN
            self.r = r
            self.p = p
        }

        /// Bytes scrypt needs: 128·r·N for V plus 128·r·p for B, plus a small work area.
        public var memoryRequired: UInt64 {
            guard logN >= 1, logN < 63, r >= 1, p >= 1 else { return .max }
            let n = UInt64(1) << UInt64(logN)
            let (v, o1) = UInt64(128).multipliedReportingOverflow(by: UInt64(r))
            let (vn, o2) = v.multipliedReportingOverflow(by: n)
            let (b, o3) = v.multipliedReportingOverflow(by: UInt64(p))
            if o1 || o2 || o3 { return .max }
            return vn &+ b &+ 256 * UInt64(r)
        }
    }

    /// Default memory cap: 1 GiB, far above logN=20/r=8 (which needs 1 GiB exactly is refused;
    /// the vault accepts logN ≤ 20 so it picks its own cap).
    public static let defaultMaxMemory: UInt64 = 1 << 30 + 1 << 24

    public static func derive(
        password: some ContiguousBytes, salt: some ContiguousBytes, parameters: Parameters,
        outputLength: Int, maxMemory: UInt64 = defaultMaxMemory
    ) throws(CryptoError) -> SecureBytes {
        guard parameters.logN >= 1, parameters.logN <= 30, parameters.r >= 1, parameters.r <= 64,
            parameters.p >= 1, parameters.p <= 16
        else {
            throw .invalidParameter("scrypt parameters logN=\(parameters.logN) r=\(parameters.r) p=\(parameters.p) are out of range")
        }
        let needed = parameters.memoryRequired
        guard needed <= maxMemory else {
            throw .resourceLimit("scrypt needs \(needed) bytes, cap is \(maxMemory)")
        }
        let out = SecureBytes(count: outputLength)
        let rc = password.withUnsafeBytes { pw in
            salt.withUnsafeBytes { s in
                out.withUnsafeMutableBytes { o in
                    EVP_PBE_scrypt(
                        pw.baseAddress?.assumingMemoryBound(to: CChar.self), pw.count,
                        s.baseAddress?.assumingMemoryBound(to: UInt8.self), s.count,
                        UInt64(1) << UInt64(parameters.logN), UInt64(parameters.r), UInt64(parameters.p),
                        maxMemory, o.baseAddress!.assumingMemoryBound(to: UInt8.self), o.count)
                }
            }
        }
        try check(rc, "EVP_PBE_scrypt")
        return out
    }
}
