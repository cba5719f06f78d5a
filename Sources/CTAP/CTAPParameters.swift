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

    /// Decodes a command's CBOR payload (after the command byte); an empty payload is an empty map.
    /// CTAP2 requires canonical CBOR from the platform (§8), and anything else is INVALID_CBOR.
    init(payload: ArraySlice<UInt8>) throws(CTAPStatus) {
        if payload.isEmpty { try self.init(CBOR.map([])); return }
        let value: CBOR
        do { value = try CBORDecoder(maxDepth: 8, maxInputLength: 7609, requireCanonical: true).decode(Array(payload)) } catch { throw .invalidCBOR }
        try self.init(value)
    }

    subscript(key: Int) -> CBOR? { map[int: key] }

    func bytes(_ key: Int) throws(CTAPStatus) -> [UInt8]? {
        guard let v = map[int: key] else { return nil }
        guard let b = v.bytesValue else { throw .cborUnexpectedType }
        return b
    }
    func requiredBytes(_ key: Int) throws(CTAPStatus) -> [UInt8] {
        guard let b = try bytes(key) else { throw .missingParameter }
        return b
    }
    func text(_ key: Int) throws(CTAPStatus) -> String? {
        guard let v = map[int: key] else { return nil }
        guard let t = v.textValue else { throw .cborUnexpectedType }
        return t
    }
    func requiredText(_ key: Int) throws(CTAPStatus) -> String {
        guard let t = try text(key) else { throw .missingParameter }
        return t
    }
    func int(_ key: Int) throws(CTAPStatus) -> Int? {
        guard let v = map[int: key] else { return nil }
        guard let i = v.intValue else { throw .cborUnexpectedType }
        return i
    }
    func requiredInt(_ key: Int) throws(CTAPStatus) -> Int {
        guard let i = try int(key) else { throw .missingParameter }
        return i
    }
    func mapValue(_ key: Int) throws(CTAPStatus) -> CBOR? {
        guard let v = map[int: key] else { return nil }
        guard case .map = v else { throw .cborUnexpectedType }
        return v
    }
    func requiredMap(_ key: Int) throws(CTAPStatus) -> CBOR {
        guard let m = try mapValue(key) else { throw .missingParameter }
        return m
    }
    func array(_ key: Int) throws(CTAPStatus) -> [CBOR]? {
        guard let v = map[int: key] else { return nil }
        guard let a = v.arrayValue else { throw .cborUnexpectedType }
        return a
    }

    /// An options map (`rk`, `up`, `uv`): booleans only.
    func option(_ name: String, in key: Int) throws(CTAPStatus) -> Bool? {
        guard let options = try mapValue(key), let v = options[text: name] else { return nil }
        guard let b = v.boolValue else { throw .cborUnexpectedType }
        return b
    }

    /// A list of PublicKeyCredentialDescriptors: the ids of the `public-key` ones (others are
    /// skipped, as §6.1.2 and §6.2.2 say), each checked for shape; nil when the list is absent,
    /// which is not the same as a list with nothing usable in it.
    func credentialIds(_ key: Int) throws(CTAPStatus) -> [[UInt8]]? {
        guard let list = try array(key) else { return nil }
        var ids: [[UInt8]] = []
        for entry in list {
            guard case .map = entry, let type = entry[text: "type"]?.textValue, let id = entry[text: "id"]?.bytesValue else {
                throw .cborUnexpectedType
            }
            if type == "public-key" { ids.append(id) }
        }
        return ids
    }
}

/// A response body: status 0x00 then the CBOR map, CTAP2-canonical.
func ctapResponse(_ entries: [(Int, CBOR)]) -> [UInt8] {
    [CTAPStatus.ok.rawValue] + (entries.isEmpty ? [] : CBOREncoder.encode(.map(entries.map { (.int($0.0), $0.1) })))
}
