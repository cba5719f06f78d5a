import Authenticator
import CBOR

/// A PublicKeyCredentialDescriptor as CTAP carries it (§6.1, §6.2): `{"id": bytes, "type": text}`.
public struct CTAPCredentialDescriptor: Sendable, Equatable {
    public var id: [UInt8]
    public var type: String

    public init(id: [UInt8], type: String = "public-key") {
        self.id = id
        self.type = type
    }

    var cbor: CBOR { .map([(.text("id"), .bytes(id)), (.text("type"), .text(type))]) }

    /// Each entry checked for shape: a map with a text `type` and a byte-string `id`.
    init(_ value: CBOR) throws(CTAPStatus) {
        guard case .map = value, let type = value[text: "type"]?.textValue, let id = value[text: "id"]?.bytesValue else {
            throw .cborUnexpectedType
        }
        self.init(id: id, type: type)
    }

    /// A descriptor list: nil when absent or empty (CTAP 2.0 §5.2: a list counts when "present
    /// and has 1 or more entries"), which is not the same as a non-empty list naming no
    /// `public-key` credential.
    static func list(_ p: CTAPParameters, _ key: Int) throws(CTAPStatus) -> [CTAPCredentialDescriptor]? {
        guard let list = try p.array(key), !list.isEmpty else { return nil }
        var descriptors: [CTAPCredentialDescriptor] = []
        for entry in list { descriptors.append(try CTAPCredentialDescriptor(entry)) }
        return descriptors
    }

    /// The ids of the `public-key` entries; others are skipped, as §6.1.2 and §6.2.2 say.
    public static func publicKeyIds(_ list: [CTAPCredentialDescriptor]) -> [[UInt8]] {
        list.filter { $0.type == "public-key" }.map(\.id)
    }
}
