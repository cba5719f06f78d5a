import COpenSSL

/// SEC1 point encodings of a P-256 public key: the compressed form a FIDO hybrid QR code
/// carries (33 bytes), and the uncompressed one (65 bytes).
extension P256PublicKey {
    /// 0x02 or 0x03 (the parity of y) ‖ x.
    public var compressed: [UInt8] { [0x02 | ((y.last ?? 0) & 1)] + x }

    /// A point in either SEC1 form; OpenSSL decompresses it and refuses a point off the curve.
    public init(sec1 bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == 33 || bytes.count == 65 else {
            throw .invalidKey("a SEC1 P-256 point is 33 (compressed) or 65 (uncompressed) bytes, not \(bytes.count)")
        }
        let group = SharedGroups.p256
        guard let point = EC_POINT_new(group) else { throw .fromQueue("EC_POINT_new") }
        defer { EC_POINT_free(point) }
        guard EC_POINT_oct2point(group, point, bytes, bytes.count, nil) == 1 else {
            ERR_clear_error()
            throw .invalidKey("not a point on P-256")
        }
        var out = [UInt8](repeating: 0, count: 65)
        guard EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &out, 65, nil) == 65 else {
            throw .fromQueue("EC_POINT_point2oct")
        }
        self.init(x: Array(out[1...32]), y: Array(out[33...64]))
    }
}
