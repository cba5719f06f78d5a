import COpenSSL

/// One immutable `EC_GROUP` per curve, shared by every public key imported on the fast path.
/// Groups are read-only after creation, so sharing them across threads is safe.
enum SharedGroups {
    nonisolated(unsafe) static let p256 = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1)!
    nonisolated(unsafe) static let p384 = EC_GROUP_new_by_curve_name(NID_secp384r1)!
    nonisolated(unsafe) static let p521 = EC_GROUP_new_by_curve_name(NID_secp521r1)!

    static func group(_ curve: ECCurve) -> OpaquePointer {
        switch curve {
        case .p256: return p256
        case .p384: return p384
        case .p521: return p521
        }
    }
}
