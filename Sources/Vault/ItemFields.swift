import CBOR
import Foundation

/// Field access for decoding items; a missing or mistyped field is record damage.
struct ItemFields {
    let fields: [String: CBOR]
    init(cbor: CBOR) {
        var f: [String: CBOR] = [:]
        for (k, v) in cbor.mapValue ?? [] { if let key = k.textValue { f[key] = v } }
        fields = f
    }
    func text(_ k: String) throws(VaultError) -> String {
        guard let v = fields[k]?.textValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func optionalText(_ k: String) -> String? { fields[k]?.textValue }
    func bytes(_ k: String) throws(VaultError) -> [UInt8] {
        guard let v = fields[k]?.bytesValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func optionalBytes(_ k: String) -> [UInt8]? { fields[k]?.bytesValue }
    func int(_ k: String) throws(VaultError) -> Int {
        guard let v = fields[k]?.intValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func bool(_ k: String) -> Bool { fields[k]?.boolValue ?? false }
    func date(_ k: String) -> Date? { fields[k]?.intValue.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) } }
}
