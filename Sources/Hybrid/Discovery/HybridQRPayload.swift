import CBOR
import LatchkeyCrypto

/// What a FIDO hybrid QR code says (CTAP 2.2 §11.5.1.1): `FIDO:/` then digits encoding a CBOR map
/// of the laptop's compressed P-256 identity key (0), the QR secret (1), how many tunnel server
/// domains the laptop knows (2), the time (3), whether it supports state-assisted transactions
/// (4), the request's hint, `ga` or `mc` (5), and whether a non-discoverable `mc` is fine (6).
public struct HybridQRPayload: Equatable, Sendable {
    public enum Hint: String, Sendable {
        case getAssertion = "ga"
        case makeCredential = "mc"
    }

    public var identityKey: P256PublicKey
    public var secret: [UInt8]
    public var knownDomains: Int
    public var timestamp: Int?
    public var stateAssisted: Bool?
    public var hint: Hint
    public var nonDiscoverableMakeCredential: Bool?

    public static let prefix = "FIDO:/"
    /// A QR URL longer than this is refused before decoding (the payload is about 160 digits).
    static let maxLength = 2048

    public init(
        identityKey: P256PublicKey, secret: [UInt8], knownDomains: Int = 2, timestamp: Int? = nil, stateAssisted: Bool? = nil,
        hint: Hint, nonDiscoverableMakeCredential: Bool? = nil
    ) {
        self.identityKey = identityKey
        self.secret = secret
        self.knownDomains = knownDomains
        self.timestamp = timestamp
        self.stateAssisted = stateAssisted
        self.hint = hint
        self.nonDiscoverableMakeCredential = nonDiscoverableMakeCredential
    }

    public var url: String {
        var entries: [(CBOR, CBOR)] = [(0, .bytes(identityKey.compressed)), (1, .bytes(secret)), (2, .int(knownDomains))]
        if let timestamp { entries.append((3, .int(timestamp))) }
        if let stateAssisted { entries.append((4, .bool(stateAssisted))) }
        entries.append((5, .text(hint.rawValue)))
        if let nonDiscoverableMakeCredential { entries.append((6, .bool(nonDiscoverableMakeCredential))) }
        return Self.prefix + Base10Digits.encode(CBOREncoder.encode(.map(entries)))
    }

    /// Reads a `FIDO:/` URL; anything else, or a payload without a valid key, a 16-byte secret
    /// and a known hint, is refused with the reason.
    public init(url: String) throws(HybridError) {
        guard url.utf8.count <= Self.maxLength else { throw .badQR("the QR text is over \(Self.maxLength) bytes") }
        guard url.hasPrefix(Self.prefix), url.count > Self.prefix.count else {
            throw .badQR("a hybrid QR code starts with FIDO:/ and digits")
        }
        let bytes = try Base10Digits.decode(url.dropFirst(Self.prefix.count))
        let map: CBOR
        do { map = try CBORDecoder(maxDepth: 4, maxInputLength: 1024).decode(bytes) } catch {
            throw .badQR("the payload is not CBOR: \(error)")
        }
        guard case .map = map else { throw .badQR("the payload is not a CBOR map") }
        guard let key = map[int: 0]?.bytesValue, key.count == 33 else { throw .badQR("key 0 is not a 33-byte compressed P-256 key") }
        do { identityKey = try P256PublicKey(sec1: key) } catch { throw .badQR("key 0 is not a point on P-256") }
        guard let secret = map[int: 1]?.bytesValue, secret.count == 16 else { throw .badQR("key 1 is not a 16-byte secret") }
        self.secret = secret
        guard let domains = map[int: 2]?.intValue, domains >= 0 else { throw .badQR("key 2 is not a domain count") }
        knownDomains = domains
        timestamp = map[int: 3]?.intValue
        stateAssisted = map[int: 4]?.boolValue
        // The hint is optional in early payloads, which meant a getAssertion; a hint of a later
        // revision is read the same way (the request itself says what is asked).
        hint = map[int: 5]?.textValue.flatMap(Hint.init(rawValue:)) ?? .getAssertion
        nonDiscoverableMakeCredential = map[int: 6]?.boolValue
    }
}
