import COpenSSL

/// Owns one `EVP_PKEY` reference. Shared by the private and public key types.
final class PKey: @unchecked Sendable { // fixed at init; each OpenSSL operation has its own context
    let raw: OpaquePointer
    init(taking raw: OpaquePointer) { self.raw = raw }
    deinit { EVP_PKEY_free(raw) } // EVP_PKEY_free wipes private material (BN_clear_free).

    var baseID: Int32 { EVP_PKEY_get_base_id(raw) }
    var bits: Int { Int(EVP_PKEY_get_bits(raw)) }

    var groupName: String? {
        var buf = [CChar](repeating: 0, count: 64)
        var len = 0
        guard EVP_PKEY_get_utf8_string_param(raw, OSSL_PKEY_PARAM_GROUP_NAME, &buf, buf.count, &len) == 1 else {
            ERR_clear_error()
            return nil
        }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var encodedPublicKey: [UInt8]? {
        var len = 0
        guard EVP_PKEY_get_octet_string_param(raw, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nil, 0, &len) == 1 else {
            ERR_clear_error()
            return nil
        }
        var out = [UInt8](repeating: 0, count: len)
        guard EVP_PKEY_get_octet_string_param(raw, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, &out, len, &len) == 1 else {
            ERR_clear_error()
            return nil
        }
        return Array(out[0..<len])
    }

    /// SubjectPublicKeyInfo DER.
    var spki: [UInt8] {
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_PUBKEY(raw, &p)
        guard len > 0, let p else { return [] }
        defer { latchkey_openssl_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    /// One value for `fromData`.
    enum Param {
        case utf8(String, String)
        case octets(String, [UInt8])
        /// A BIGNUM owned by the caller, alive for the duration of the call.
        case bignum(String, OpaquePointer)
    }

    /// Builds a key from OSSL_PARAM data (`EVP_PKEY_fromdata`), the 3.0 way to import components.
    /// `OSSL_PARAM_BLD` keeps pointers until `to_param`, so every value is first copied into
    /// storage that outlives it; the copies are wiped, since some are private scalars.
    static func fromData(type: String, selection: Int32, _ values: [Param]) throws(CryptoError) -> PKey {
        guard let bld = OSSL_PARAM_BLD_new() else { throw .fromQueue("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(bld) }
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer {
            for b in buffers {
                OPENSSL_cleanse(b.baseAddress, b.count)
                b.deallocate()
            }
        }
        func stable(_ bytes: [UInt8], terminate: Bool) -> UnsafeMutableRawBufferPointer {
            let b = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 8)
            b.copyBytes(from: bytes)
            b[bytes.count] = 0
            buffers.append(b)
            return b
        }
        for value in values {
            let ok: Int32
            switch value {
            case .utf8(let key, let v):
                let k = stable(Array(key.utf8), terminate: true)
                let b = stable(Array(v.utf8), terminate: true)
                ok = OSSL_PARAM_BLD_push_utf8_string(
                    bld, k.baseAddress!.assumingMemoryBound(to: CChar.self), b.baseAddress!.assumingMemoryBound(to: CChar.self), 0)
            case .octets(let key, let v):
                let k = stable(Array(key.utf8), terminate: true)
                let b = stable(v, terminate: false)
                ok = OSSL_PARAM_BLD_push_octet_string(bld, k.baseAddress!.assumingMemoryBound(to: CChar.self), b.baseAddress, v.count)
            case .bignum(let key, let bn):
                let k = stable(Array(key.utf8), terminate: true)
                ok = OSSL_PARAM_BLD_push_BN(bld, k.baseAddress!.assumingMemoryBound(to: CChar.self), bn)
            }
            guard ok == 1 else { throw .fromQueue("OSSL_PARAM_BLD_push") }
        }
        guard let params = OSSL_PARAM_BLD_to_param(bld) else { throw .fromQueue("OSSL_PARAM_BLD_to_param") }
        defer { OSSL_PARAM_free(params) }
        guard let ctx = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_name(\(type))") }
        defer { EVP_PKEY_CTX_free(ctx) }
        var pkey: OpaquePointer? = nil
        guard EVP_PKEY_fromdata_init(ctx) == 1, EVP_PKEY_fromdata(ctx, &pkey, selection, params) == 1, let pkey else {
            throw .fromQueue("EVP_PKEY_fromdata(\(type))")
        }
        return PKey(taking: pkey)
    }
}

/// Big-endian bytes as an OpenSSL BIGNUM, freed (and wiped) by the caller's `defer`.
func withBignum<R>(_ bytes: some ContiguousBytes, _ body: (OpaquePointer) -> R) -> R? {
    let bn: OpaquePointer? = bytes.withUnsafeBytes { b in
        BN_bin2bn(b.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(b.count), nil)
    }
    guard let bn else { return nil }
    defer { BN_clear_free(bn) }
    return body(bn)
}
