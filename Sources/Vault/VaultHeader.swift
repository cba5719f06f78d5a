import LatchkeyCrypto

/// The fixed binary header every key check is bound to. Parsed strictly and capped before any
/// allocation: a tampered logN must never make scrypt reserve memory.
public struct VaultHeader: Equatable, Sendable {
    static let magic: [UInt8] = Array("LKV".utf8) + [0x01]
    static let formatVersion: UInt16 = 1
    static let length = 59
    /// scrypt limits accepted from a file (the CLI's `--kdf-log-n` range).
    public static let logNRange = 10...20

    public var vaultId: [UInt8]
    public var kdf: Scrypt.Parameters
    public var salt: [UInt8]
    /// 1 = Unicode NFC.
    public var normalization: UInt8 = 1

    public init(vaultId: [UInt8], kdf: Scrypt.Parameters, salt: [UInt8]) {
        self.vaultId = vaultId; self.kdf = kdf; self.salt = salt
    }

    public var bytes: [UInt8] {
        var out = Self.magic
        out += [UInt8(Self.formatVersion >> 8), UInt8(Self.formatVersion & 0xFF)]
        out += vaultId
        out += [1, UInt8(kdf.logN), UInt8(kdf.r), UInt8(kdf.p)]
        out += salt
        out.append(normalization)
        return out
    }

    public init(bytes: [UInt8]) throws(VaultError) {
        guard bytes.count == Self.length else { throw .headerDamaged("header is \(bytes.count) bytes, expected \(Self.length)") }
        guard Array(bytes[0..<4]) == Self.magic else { throw .headerDamaged("bad magic") }
        let version = UInt16(bytes[4]) << 8 | UInt16(bytes[5])
        guard version == Self.formatVersion else { throw .unsupportedParameters("format version \(version)") }
        vaultId = Array(bytes[6..<22])
        guard bytes[22] == 1 else { throw .unsupportedParameters("KDF \(bytes[22]) (only scrypt is known)") }
        kdf = Scrypt.Parameters(logN: Int(bytes[23]), r: Int(bytes[24]), p: Int(bytes[25]))
        salt = Array(bytes[26..<58])
        normalization = bytes[58]
        guard normalization == 1 else { throw .unsupportedParameters("passphrase normalization \(normalization)") }
        try Self.checkParameters(kdf)
    }

    static func checkParameters(_ p: Scrypt.Parameters) throws(VaultError) {
        guard logNRange.contains(p.logN), p.r == 8, (1...4).contains(p.p) else {
            throw .unsupportedParameters("scrypt logN=\(p.logN) r=\(p.r) p=\(p.p) (accepted: logN \(logNRange), r 8, p 1–4)")
        }
    }
}
