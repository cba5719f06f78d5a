/// A minimal, strict DER reader for the X.509 extensions attestation formats define (Android
/// key description, Apple nonce, TPM subjectAltName and EKU). It reads definite lengths only,
/// bounds every length by the input, and limits nesting.
public struct DER: Sendable, Equatable {
    public enum TagClass: UInt8, Sendable {
        case universal = 0
        case application = 1
        case contextSpecific = 2
        case `private` = 3
    }

    public struct Node: Sendable, Equatable {
        public var tagClass: TagClass
        public var constructed: Bool
        public var tagNumber: UInt64
        /// Content octets.
        public var content: ArraySlice<UInt8>

        public var isSequence: Bool { tagClass == .universal && constructed && tagNumber == 16 }
        public var isSet: Bool { tagClass == .universal && constructed && tagNumber == 17 }

        /// Children of a constructed node.
        public func children(depth: Int = 0) throws(DERError) -> [Node] {
            guard constructed else { throw .expected("a constructed value") }
            return try DER.parseAll(content, depth: depth + 1)
        }

        public var octets: [UInt8]? {
            tagClass == .universal && !constructed && tagNumber == 4 ? Array(content) : nil
        }

        /// An INTEGER (or ENUMERATED) that fits in an Int64.
        public var integer: Int64? {
            guard tagClass == .universal, !constructed, tagNumber == 2 || tagNumber == 10,
                !content.isEmpty, content.count <= 8
            else { return nil }
            var v: Int64 = (content.first! & 0x80) != 0 ? -1 : 0
            for b in content { v = (v << 8) | Int64(b) }
            return v
        }

        public var objectIdentifier: String? {
            guard tagClass == .universal, !constructed, tagNumber == 6, !content.isEmpty else { return nil }
            var parts: [UInt64] = []
            var value: UInt64 = 0
            for b in content {
                guard value >> 56 == 0 else { return nil }
                value = value << 7 | UInt64(b & 0x7F)
                if b & 0x80 == 0 {
                    parts.append(value)
                    value = 0
                }
            }
            guard content.last! & 0x80 == 0, let first = parts.first else { return nil }
            let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
            return (head + parts.dropFirst()).map(String.init).joined(separator: ".")
        }

        public var string: String? {
            guard tagClass == .universal, !constructed, [12, 19, 22, 20, 26, 30].contains(tagNumber) else { return nil }
            return String(decoding: content, as: UTF8.self)
        }
    }

    public static let maxDepth = 32

    /// Parses exactly one node spanning the whole input.
    public static func parse(_ bytes: some Collection<UInt8>) throws(DERError) -> Node {
        let nodes = try parseAll(ArraySlice(bytes), depth: 0)
        guard nodes.count == 1 else { throw .trailingData }
        return nodes[0]
    }

    static func parseAll(_ bytes: ArraySlice<UInt8>, depth: Int) throws(DERError) -> [Node] {
        guard depth < maxDepth else { throw .nestingTooDeep }
        var nodes: [Node] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let first = bytes[i]
            i += 1
            var tagNumber = UInt64(first & 0x1F)
            if tagNumber == 0x1F {
                tagNumber = 0
                var n = 0
                while true {
                    guard i < bytes.endIndex else { throw .truncated }
                    let b = bytes[i]
                    i += 1
                    n += 1
                    guard n <= 8 else { throw .malformed("tag number too large") }
                    tagNumber = tagNumber << 7 | UInt64(b & 0x7F)
                    if b & 0x80 == 0 { break }
                }
            }
            guard i < bytes.endIndex else { throw .truncated }
            let lenByte = bytes[i]
            i += 1
            var length = 0
            if lenByte & 0x80 == 0 {
                length = Int(lenByte)
            } else {
                let count = Int(lenByte & 0x7F)
                guard count > 0 else { throw .malformed("indefinite length") }
                guard count <= 4 else { throw .malformed("length too large") }
                guard bytes.endIndex - i >= count else { throw .truncated }
                for _ in 0..<count {
                    length = length << 8 | Int(bytes[i])
                    i += 1
                }
            }
            guard length <= bytes.endIndex - i else { throw .truncated }
            nodes.append(
                Node(
                    tagClass: TagClass(rawValue: first >> 6)!, constructed: first & 0x20 != 0,
                    tagNumber: tagNumber, content: bytes[i..<(i + length)]))
            i += length
        }
        return nodes
    }
}

public enum DERError: Error, Equatable, Sendable, CustomStringConvertible {
    case truncated, trailingData, nestingTooDeep
    case malformed(String)
    case expected(String)

    public var description: String {
        switch self {
        case .truncated: return "DER value is truncated"
        case .trailingData: return "DER value has trailing data"
        case .nestingTooDeep: return "DER nesting too deep"
        case .malformed(let s): return "malformed DER: \(s)"
        case .expected(let s): return "DER: expected \(s)"
        }
    }
}
