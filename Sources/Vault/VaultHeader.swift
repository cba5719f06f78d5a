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
        self.vaultId = vaultId
        self.kdf = kdf
        self.salt = salt
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
        // Past the version, every field holds a value this format defines, or the header was
        // edited: that is damage the file itself shows, not a wrong passphrase.
        guard bytes[22] == 1 else { throw .headerDamaged("KDF \(bytes[22]) is not one this format defines (scrypt = 1)") }
        kdf = Scrypt.Parameters(logN: Int(bytes[23]), r: Int(bytes[24]), p: Int(bytes[25]))
        salt = Array(bytes[26..<58])
        normalization = bytes[58]
        guard normalization == 1 else { throw .headerDamaged("passphrase normalization \(normalization) is not one this format defines") }
        do { try Self.checkParameters(kdf) } catch { throw .headerDamaged("\(error) in a vault file: Latchkey never writes these") }
    }

    /// The most scrypt work a vault may ask for, N·r·p: logN 20 with r 8 and p 1 (1 GiB, about
    /// a second or two). Each parameter is capped, and so is their product, so no combination
    /// read from a file (logN 20 with p 4, say) costs more than the largest vault `init` makes.
    static let maximumWork = (1 << 20) * 8

    static func checkParameters(_ p: Scrypt.Parameters) throws(VaultError) {
        guard logNRange.contains(p.logN), p.r == 8, (1...4).contains(p.p), (1 << p.logN) * p.r * p.p <= maximumWork else {
            throw .unsupportedParameters(
                "scrypt logN=\(p.logN) r=\(p.r) p=\(p.p) (accepted: logN \(logNRange), r 8, p 1–4, N·r·p at most 2^23)")
        }
    }
}
