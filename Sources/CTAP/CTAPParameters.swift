import Authenticator
import CBOR

/// A command's parameter map (integer keys, CTAP 2.1 §6): typed reads that fail with the status
/// a host must see: absent → CTAP2_ERR_MISSING_PARAMETER, wrong type → CTAP2_ERR_CBOR_UNEXPECTED_TYPE.
/// Unknown keys are ignored, as §6 requires for forward compatibility.
struct CTAPParameters {
    let map: CBOR

    init(_ value: CBOR) throws(CTAPStatus) {
        guard case .map = value else { throw .cborUnexpectedType }
        map = value
    }

    /// The largest response body a platform reads (an attestation with its certificate chain).
    static let maxResponseLength = 16 * 1024

    /// Decodes a command's CBOR payload (after the command byte) or a response body (after the
    /// status byte); an empty payload is an empty map. CTAP2 requires canonical CBOR both ways
    /// (§8), and anything else is INVALID_CBOR.
    init(payload: ArraySlice<UInt8>, maxLength: Int = 7609) throws(CTAPStatus) {
        if payload.isEmpty {
            try self.init(CBOR.map([]))
            return
        }
        let value: CBOR
        do { value = try CBORDecoder(maxDepth: 8, maxInputLength: maxLength, requireCanonical: true).decode(Array(payload)) } catch {
            throw .invalidCBOR
        }
        try self.init(value)
    }

    subscript(key: Int) -> CBOR? { map[int: key] }

    /// The value at `key` read by `extract`: nil when absent, CBOR_UNEXPECTED_TYPE when present
    /// but not of that type.
    private func read<T>(_ key: Int, _ extract: (CBOR) -> T?) throws(CTAPStatus) -> T? {
        guard let v = map[int: key] else { return nil }
        guard let t = extract(v) else { throw .cborUnexpectedType }
        return t
    }

    private func required<T>(_ value: T?) throws(CTAPStatus) -> T {
        guard let value else { throw .missingParameter }
        return value
    }

    func bytes(_ key: Int) throws(CTAPStatus) -> [UInt8]? { try read(key) { $0.bytesValue } }
    func requiredBytes(_ key: Int) throws(CTAPStatus) -> [UInt8] { try required(bytes(key)) }
    func text(_ key: Int) throws(CTAPStatus) -> String? { try read(key) { $0.textValue } }
    func requiredText(_ key: Int) throws(CTAPStatus) -> String { try required(text(key)) }
    func int(_ key: Int) throws(CTAPStatus) -> Int? { try read(key) { $0.intValue } }
    func requiredInt(_ key: Int) throws(CTAPStatus) -> Int { try required(int(key)) }
    func mapValue(_ key: Int) throws(CTAPStatus) -> CBOR? { try read(key) { if case .map = $0 { $0 } else { nil } } }
    func requiredMap(_ key: Int) throws(CTAPStatus) -> CBOR { try required(mapValue(key)) }
    func array(_ key: Int) throws(CTAPStatus) -> [CBOR]? { try read(key) { $0.arrayValue } }

    /// An options map (`rk`, `up`, `uv`): booleans only.
    func option(_ name: String, in key: Int) throws(CTAPStatus) -> Bool? {
        guard let options = try mapValue(key), let v = options[text: name] else { return nil }
        guard let b = v.boolValue else { throw .cborUnexpectedType }
        return b
    }
}

/// A response body: status 0x00 then the message's CBOR, CTAP2-canonical.
func ctapResponse(_ body: CBOR) -> [UInt8] {
    [CTAPStatus.ok.rawValue] + CBOREncoder.encode(body)
}

/// A response body: status 0x00 then the CBOR map, CTAP2-canonical.
func ctapResponse(_ entries: [(Int, CBOR)]) -> [UInt8] {
    entries.isEmpty ? [CTAPStatus.ok.rawValue] : ctapResponse(.map(entries.map { (.int($0.0), $0.1) }))
}
