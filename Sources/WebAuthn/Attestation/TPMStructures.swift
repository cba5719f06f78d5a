/// TPM 2.0 structures carried by `tpm` attestation (TPM 2.0 Library Part 2), parsed strictly:
/// every size is bounded by the input and nothing may trail the structure.
struct TPMReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func u8() throws(VerificationError) -> UInt8 {
        guard offset < bytes.count else { throw statementFailure("tpm", "TPM structure is truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func u16() throws(VerificationError) -> UInt16 { UInt16(try u8()) << 8 | UInt16(try u8()) }
    mutating func u32() throws(VerificationError) -> UInt32 { UInt32(try u16()) << 16 | UInt32(try u16()) }
    mutating func u64() throws(VerificationError) -> UInt64 { UInt64(try u32()) << 32 | UInt64(try u32()) }
    mutating func sized() throws(VerificationError) -> [UInt8] {
        let n = Int(try u16())
        guard bytes.count - offset >= n else { throw statementFailure("tpm", "TPM2B size exceeds the structure") }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }
    func end() throws(VerificationError) {
        guard offset == bytes.count else { throw statementFailure("tpm", "TPM structure has \(bytes.count - offset) trailing bytes") }
    }
}

enum TPMAlg {
    static let rsa: UInt16 = 0x0001, sha1: UInt16 = 0x0004, sha256: UInt16 = 0x000B, sha384: UInt16 = 0x000C
    static let sha512: UInt16 = 0x000D, null: UInt16 = 0x0010, ecc: UInt16 = 0x0023
}

/// TPMS_ATTEST (certInfo).
struct TPMSAttest {
    static let generatedValue: UInt32 = 0xFF54_4347
    static let stAttestCertify: UInt16 = 0x8017

    var magic: UInt32
    var type: UInt16
    var extraData: [UInt8]
    var attestedName: [UInt8]

    init(_ bytes: [UInt8]) throws(VerificationError) {
        var r = TPMReader(bytes: bytes)
        magic = try r.u32()
        type = try r.u16()
        _ = try r.sized() // qualifiedSigner
        extraData = try r.sized()
        _ = try r.u64()
        _ = try r.u32()
        _ = try r.u32()
        _ = try r.u8() // clockInfo
        _ = try r.u64() // firmwareVersion
        attestedName = try r.sized() // TPMS_CERTIFY_INFO.name
        _ = try r.sized() // qualifiedName
        try r.end()
    }
}

/// TPMT_PUBLIC (pubArea), for RSA and ECC keys.
struct TPMTPublic {
    enum Key {
        case rsa(n: [UInt8], exponent: UInt32)
        case ecc(curve: UInt16, x: [UInt8], y: [UInt8])
    }
    var type: UInt16
    var nameAlg: UInt16
    var key: Key

    init(_ bytes: [UInt8]) throws(VerificationError) {
        var r = TPMReader(bytes: bytes)
        type = try r.u16()
        nameAlg = try r.u16()
        _ = try r.u32() // objectAttributes
        _ = try r.sized() // authPolicy
        func skipSymmetric() throws(VerificationError) {
            if try r.u16() != TPMAlg.null {
                _ = try r.u16()
                _ = try r.u16()
            } // keyBits, mode
        }
        func skipScheme() throws(VerificationError) {
            if try r.u16() != TPMAlg.null { _ = try r.u16() } // hashAlg
        }
        switch type {
        case TPMAlg.rsa:
            try skipSymmetric()
            try skipScheme()
            _ = try r.u16() // keyBits
            let exponent = try r.u32()
            key = .rsa(n: try r.sized(), exponent: exponent)
        case TPMAlg.ecc:
            try skipSymmetric()
            try skipScheme()
            let curve = try r.u16()
            try skipScheme() // kdf
            let x = try r.sized()
            let y = try r.sized()
            key = .ecc(curve: curve, x: x, y: y)
        default:
            throw statementFailure("tpm", "pubArea type 0x\(String(type, radix: 16)) is neither RSA nor ECC")
        }
        try r.end()
    }
}
