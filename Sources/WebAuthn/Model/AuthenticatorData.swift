import CBOR

/// The authenticator data structure (WebAuthn L3 §6.1).
public struct AuthenticatorData: Equatable, Sendable {
    public struct Flags: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let userPresent = Flags(rawValue: 0x01)
        public static let userVerified = Flags(rawValue: 0x04)
        public static let backupEligible = Flags(rawValue: 0x08)
        public static let backupState = Flags(rawValue: 0x10)
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        public static let extensionData = Flags(rawValue: 0x80)
    }

    public var rpIdHash: [UInt8]
    public var flags: Flags
    public var signCount: UInt32
    /// Setting it sets or clears the AT flag, so the flags always describe the content.
    public var attestedCredentialData: AttestedCredentialData? {
        didSet {
            flags.remove(.attestedCredentialData)
            if attestedCredentialData != nil { flags.insert(.attestedCredentialData) }
        }
    }
    /// The extension outputs map; setting it sets or clears the ED flag.
    public var extensions: CBOR? {
        didSet {
            flags.remove(.extensionData)
            if extensions != nil { flags.insert(.extensionData) }
        }
    }

    public init(
        rpIdHash: [UInt8], flags: Flags, signCount: UInt32,
        attestedCredentialData: AttestedCredentialData? = nil, extensions: CBOR? = nil
    ) {
        var f = flags.subtracting([.attestedCredentialData, .extensionData])
        if attestedCredentialData != nil { f.insert(.attestedCredentialData) }
        if extensions != nil { f.insert(.extensionData) }
        self.rpIdHash = rpIdHash
        self.flags = f
        self.signCount = signCount
        self.attestedCredentialData = attestedCredentialData
        self.extensions = extensions
    }

    /// Parses and checks the layout: the AT and ED flags must agree with what follows, and
    /// nothing may trail the last structure.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count >= 37 else { throw .malformedAuthenticatorData("shorter than 37 bytes (\(bytes.count))") }
        guard bytes.count <= 65536 else { throw .malformedAuthenticatorData("larger than 64 KiB") }
        rpIdHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = UInt32(bytes[33]) << 24 | UInt32(bytes[34]) << 16 | UInt32(bytes[35]) << 8 | UInt32(bytes[36])
        var offset = 37
        let decoder = CBORDecoder(maxDepth: 8, maxInputLength: 65536)
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= offset + 18 else {
                throw .malformedAuthenticatorData("AT flag set but attested credential data is truncated")
            }
            let aaguid = AAGUID(unchecked: Array(bytes[offset..<offset + 16]))
            let idLength = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard idLength <= 1023 else { throw .malformedAuthenticatorData("credentialIdLength \(idLength) exceeds 1023") }
            guard bytes.count >= offset + idLength else { throw .malformedAuthenticatorData("credential ID is truncated") }
            let credentialId = Array(bytes[offset..<offset + idLength])
            offset += idLength
            let keyCBOR: CBOR
            let keyLength: Int
            do { (keyCBOR, keyLength) = try decoder.decodePrefix(bytes[offset...]) } catch {
                throw .malformedAuthenticatorData("credential public key: \(error)")
            }
            let keyBytes = Array(bytes[offset..<offset + keyLength])
            offset += keyLength
            let key: COSEKey
            do { key = try COSEKey(cbor: keyCBOR) } catch { throw .malformedAuthenticatorData("\(error)") }
            attestedCredentialData = AttestedCredentialData(
                aaguid: aaguid, credentialId: credentialId,
                credentialPublicKey: key, credentialPublicKeyBytes: keyBytes)
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) {
            guard offset < bytes.count else { throw .malformedAuthenticatorData("ED flag set but no extensions follow") }
            let ext: CBOR
            let length: Int
            do { (ext, length) = try decoder.decodePrefix(bytes[offset...]) } catch {
                throw .malformedAuthenticatorData("extensions: \(error)")
            }
            guard case .map = ext else { throw .malformedAuthenticatorData("extensions are not a CBOR map") }
            extensions = ext
            offset += length
        } else {
            extensions = nil
        }
        guard offset == bytes.count else {
            throw .malformedAuthenticatorData("\(bytes.count - offset) trailing bytes (flags do not announce them)")
        }
    }

    public var bytes: [UInt8] {
        var out = rpIdHash
        out.reserveCapacity(37 + (attestedCredentialData.map { 18 + $0.credentialId.count + 77 } ?? 0))
        out.append(flags.rawValue)
        out += [UInt8(signCount >> 24), UInt8(signCount >> 16 & 0xFF), UInt8(signCount >> 8 & 0xFF), UInt8(signCount & 0xFF)]
        if let acd = attestedCredentialData {
            out += acd.aaguid.bytes
            out += [UInt8(acd.credentialId.count >> 8), UInt8(acd.credentialId.count & 0xFF)]
            out += acd.credentialId
            out += acd.credentialPublicKeyBytes
        }
        if let extensions { CBOREncoder.append(extensions, to: &out) }
        return out
    }
}

public struct AttestedCredentialData: Equatable, Sendable {
    public var aaguid: AAGUID
    public var credentialId: [UInt8]
    public var credentialPublicKey: COSEKey
    /// The key exactly as it appeared on the wire (RPs store these bytes).
    public var credentialPublicKeyBytes: [UInt8]

    public init(aaguid: AAGUID, credentialId: [UInt8], credentialPublicKey: COSEKey) {
        self.aaguid = aaguid
        self.credentialId = credentialId
        self.credentialPublicKey = credentialPublicKey
        self.credentialPublicKeyBytes = credentialPublicKey.bytes
    }

    init(aaguid: AAGUID, credentialId: [UInt8], credentialPublicKey: COSEKey, credentialPublicKeyBytes: [UInt8]) {
        self.aaguid = aaguid
        self.credentialId = credentialId
        self.credentialPublicKey = credentialPublicKey
        self.credentialPublicKeyBytes = credentialPublicKeyBytes
    }
}
