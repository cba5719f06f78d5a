import COpenSSL

/// A source of random bytes. The system CSPRNG is the default everywhere; the deterministic
/// source exists so that `latchkey vectors generate --seed` is reproducible.
public protocol RandomSource: Sendable {
    func bytes(_ count: Int) -> [UInt8]
}

/// OpenSSL's CSPRNG (`RAND_bytes`).
public struct SystemRandom: RandomSource {
    public init() {}
    public func bytes(_ count: Int) -> [UInt8] {
        SystemRandom.bytes(count)
    }
    public static func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return out }
        let ok = out.withUnsafeMutableBytes { RAND_bytes($0.baseAddress, Int32($0.count)) }
        // RAND_bytes only fails when the DRBG cannot be seeded: continuing would be unsafe.
        precondition(ok == 1, "OpenSSL RAND_bytes failed: the system CSPRNG is unavailable")
        return out
    }
}

extension SystemRandom {
    /// Bytes from OpenSSL's private DRBG (`RAND_priv_bytes`), kept apart from the public one,
    /// for long-term secrets such as vault keys.
    public static func privateBytes(_ count: Int) -> SecureBytes {
        let out = SecureBytes(count: count)
        let ok = out.withUnsafeMutableBytes { RAND_priv_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32($0.count)) }
        precondition(ok == 1, "OpenSSL RAND_priv_bytes failed: the system CSPRNG is unavailable")
        return out
    }
}

/// A reproducible stream: HKDF-SHA256 expansions of a seed with a running counter as `info`.
/// Never use it for real credentials; it exists for test-vector generation.
public final class DeterministicRandom: RandomSource, @unchecked Sendable { // the counter only under lock
    private let seed: [UInt8]
    private var counter: UInt64 = 0
    private let lock = Lock()

    public init(seed: UInt64, label: String = "latchkey-vectors") {
        var s = Array(label.utf8)
        withUnsafeBytes(of: seed.bigEndian) { s.append(contentsOf: $0) }
        self.seed = s
    }

    public func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            counter += 1
            var info = Array("block".utf8)
            withUnsafeBytes(of: counter.bigEndian) { info.append(contentsOf: $0) }
            // HKDF-SHA256 yields at most 8160 bytes per call; callers ask for a few hundred.
            precondition(count > 0 && count <= 255 * 32, "DeterministicRandom request of \(count) bytes is out of range")
            do {
                return try HKDF.derive(.sha256, inputKeyMaterial: seed, salt: [UInt8](), info: info, outputLength: count).bytes
            } catch {
                preconditionFailure("HKDF failed inside DeterministicRandom: \(error)")
            }
        }
    }
}
