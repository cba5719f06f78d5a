import Foundation
import WebAuthn

extension CXFDocument {
    /// The one size limit of a CXF document, for writing and reading alike: an export that
    /// `encoded` writes, `decode` reads (issue: a 10 MB export once failed a 1 MiB reader). It is
    /// also the largest payload an export container opens.
    public static let maximumEncodedLength = 64 << 20

    /// The document as JSON text (sorted keys), refused when over `maximumEncodedLength`, so
    /// no export is written that import would refuse.
    public func encoded(pretty: Bool) throws(VaultError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8]
        do { bytes = JSONText.collapsingEmptyContainers(Array(try encoder.encode(self))) } catch {
            throw .storage("the CXF document could not be encoded")
        }
        guard bytes.count <= Self.maximumEncodedLength else {
            throw .tooLarge("the export would be \(bytes.count) bytes; a CXF document is at most \(Self.maximumEncodedLength) bytes")
        }
        return bytes
    }

    /// Reads a CXF document of up to `maximumEncodedLength` bytes. A malformed one is a typed
    /// error naming the field, never a crash.
    public static func decode(_ bytes: [UInt8]) throws(VaultError) -> CXFDocument {
        guard bytes.count <= maximumEncodedLength else {
            throw .tooLarge("a CXF document is larger than \(maximumEncodedLength) bytes")
        }
        do {
            return try JSONDecoder().decode(CXFDocument.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw .storage("not a CXF document: \(path(ctx.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw .storage("not a CXF document: \(path(ctx.codingPath)) has the wrong type")
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw .storage("not a CXF document: \(path(ctx.codingPath)) is null")
        } catch {
            throw .storage("not a CXF document: not valid JSON")
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "document" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
