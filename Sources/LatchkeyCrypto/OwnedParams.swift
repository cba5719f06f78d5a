import COpenSSL

/// An `OSSL_PARAM` array whose keys and values live in storage it owns. `OSSL_PARAM_construct_*`
/// keeps raw pointers, and Swift's String-to-pointer conversions only last for one call, so
/// every key and value is copied here first. Buffers are wiped on release (some are secrets).
final class OwnedParams {
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private(set) var params: [OSSL_PARAM] = []

    private func stable(_ bytes: [UInt8], nulTerminated: Bool) -> UnsafeMutableRawBufferPointer {
        let b = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 8)
        b.copyBytes(from: bytes)
        b[bytes.count] = 0
        buffers.append(b)
        return b
    }

    private func key(_ name: String) -> UnsafeMutablePointer<CChar> {
        stable(Array(name.utf8), nulTerminated: true).baseAddress!.assumingMemoryBound(to: CChar.self)
    }

    func utf8(_ name: String, _ value: String) {
        let v = stable(Array(value.utf8), nulTerminated: true)
        params.append(OSSL_PARAM_construct_utf8_string(key(name), v.baseAddress!.assumingMemoryBound(to: CChar.self), 0))
    }

    func octets(_ name: String, _ value: some ContiguousBytes) {
        let bytes = value.withUnsafeBytes { Array($0) }
        let v = stable(bytes, nulTerminated: false)
        params.append(OSSL_PARAM_construct_octet_string(key(name), v.baseAddress, bytes.count))
    }

    func size(_ name: String, _ value: Int) {
        let v = stable(withUnsafeBytes(of: value) { Array($0) }, nulTerminated: false)
        params.append(OSSL_PARAM_construct_size_t(key(name), v.baseAddress!.assumingMemoryBound(to: Int.self)))
    }

    /// Runs `body` with a terminated array.
    func withParams<R>(_ body: (UnsafeMutablePointer<OSSL_PARAM>) throws -> R) rethrows -> R {
        var all = params
        all.append(OSSL_PARAM_construct_end())
        return try all.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
    }

    deinit {
        for b in buffers {
            OPENSSL_cleanse(b.baseAddress, b.count)
            b.deallocate()
        }
    }
}
