/// A strict CBOR decoder.
///
/// Always rejects: indefinite lengths (CTAP2 forbids them), duplicate map keys, trailing bytes,
/// nesting beyond `maxDepth`, lengths beyond the remaining input, invalid UTF-8, and reserved
/// encodings. With `requireCanonical` it also rejects non-shortest heads and unsorted map keys,
/// which is what an authenticator must demand of CTAP2 commands. Attestation objects produced by
/// third-party authenticators are decoded without it, since some are not canonical.
public struct CBORDecoder: Sendable {
    public var maxDepth: Int
    public var maxInputLength: Int
    public var requireCanonical: Bool

    public init(maxDepth: Int = 16, maxInputLength: Int = 1 << 20, requireCanonical: Bool = false) {
        self.maxDepth = maxDepth
        self.maxInputLength = maxInputLength
        self.requireCanonical = requireCanonical
    }

    /// Decodes exactly one item that spans the whole input.
    public func decode(_ bytes: some Collection<UInt8>) throws(CBORError) -> CBOR {
        try decode(Self.array(bytes))
    }

    /// Copies a byte collection into an array without a per-element generic loop (which is
    /// what `Array(collection)` becomes when not specialised across a module boundary).
    static func array(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let a = bytes as? [UInt8] { return a }
        if let copied = bytes.withContiguousStorageIfAvailable({ Array($0) }) { return copied }
        return Array(bytes)
    }

    public func decode(_ input: [UInt8]) throws(CBORError) -> CBOR {
        guard input.count <= maxInputLength else { throw .inputTooLarge(limit: maxInputLength) }
        var reader = Reader(bytes: input, options: self)
        let value = try reader.item(depth: 0)
        guard reader.offset == input.count else { throw .trailingBytes(offset: reader.offset) }
        return value
    }

    /// Decodes the first item and returns it with the number of bytes it took; the rest of
    /// the input is left alone (authenticator data carries a COSE key followed by extensions).
    public func decodePrefix(_ bytes: some Collection<UInt8>) throws(CBORError) -> (CBOR, Int) {
        let input = Self.array(bytes)
        guard input.count <= maxInputLength else { throw .inputTooLarge(limit: maxInputLength) }
        var reader = Reader(bytes: input, options: self)
        let value = try reader.item(depth: 0)
        return (value, reader.offset)
    }

    public static func decode(_ bytes: some Collection<UInt8>) throws(CBORError) -> CBOR {
        try CBORDecoder().decode(bytes)
    }

    struct Reader {
        let bytes: [UInt8]
        let options: CBORDecoder
        var offset = 0

        init(bytes: [UInt8], options: CBORDecoder) {
            self.bytes = bytes
            self.options = options
        }

        mutating func byte() throws(CBORError) -> UInt8 {
            guard offset < bytes.count else { throw .truncated(offset: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func take(_ n: UInt64, at start: Int) throws(CBORError) -> ArraySlice<UInt8> {
            guard n <= UInt64(bytes.count - offset) else { throw .lengthExceedsInput(offset: start) }
            let end = offset + Int(n)
            defer { offset = end }
            return bytes[offset..<end]
        }

        /// Reads the argument of a head; returns nil for the indefinite marker (31).
        mutating func argument(_ info: UInt8, at start: Int) throws(CBORError) -> UInt64? {
            let value: UInt64
            switch info {
            case 0..<24: return UInt64(info)
            case 24:
                value = UInt64(try byte())
                if options.requireCanonical && value < 24 { throw .nonCanonical(offset: start, reason: "integer not in shortest form") }
            case 25:
                value = try uint(2)
                if options.requireCanonical && value <= 0xFF { throw .nonCanonical(offset: start, reason: "integer not in shortest form") }
            case 26:
                value = try uint(4)
                if options.requireCanonical && value <= 0xFFFF {
                    throw .nonCanonical(offset: start, reason: "integer not in shortest form")
                }
            case 27:
                value = try uint(8)
                if options.requireCanonical && value <= 0xFFFF_FFFF {
                    throw .nonCanonical(offset: start, reason: "integer not in shortest form")
                }
            case 31: return nil
            default: throw .reservedAdditionalInfo(offset: start)
            }
            return value
        }

        mutating func uint(_ n: Int) throws(CBORError) -> UInt64 {
            guard bytes.count - offset >= n else { throw .truncated(offset: offset) }
            var v: UInt64 = 0
            for i in 0..<n { v = v << 8 | UInt64(bytes[offset + i]) }
            offset += n
            return v
        }

        mutating func item(depth: Int) throws(CBORError) -> CBOR {
            guard depth < options.maxDepth else { throw .nestingTooDeep(limit: options.maxDepth) }
            let start = offset
            let initial = try byte()
            let major = initial >> 5
            let info = initial & 0x1F

            if major == 7 {
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                case 23: return .undefined
                case 0..<20: return .simple(info)
                case 24:
                    let v = try byte()
                    guard v >= 32 else { throw .invalidSimpleValue(offset: start) }
                    return .simple(v)
                case 25: return .float(Double(Float(Float16(bitPattern: UInt16(try uint(2))))))
                case 26: return .float(Double(Float(bitPattern: UInt32(try uint(4)))))
                case 27: return .float(Double(bitPattern: try uint(8)))
                case 31: throw .indefiniteLength(offset: start) // a lone "break"
                default: throw .reservedAdditionalInfo(offset: start)
                }
            }

            guard let arg = try argument(info, at: start) else { throw .indefiniteLength(offset: start) }
            switch major {
            case 0: return .unsigned(arg)
            case 1: return .negative(arg)
            case 2: return .bytes(Array(try take(arg, at: start)))
            case 3:
                let raw = try take(arg, at: start)
                guard let s = String(validating: raw, as: UTF8.self) else { throw .invalidUTF8(offset: start) }
                return .text(s)
            case 4:
                // Every item is at least one byte: a count beyond the input cannot be honest.
                guard arg <= UInt64(bytes.count - offset) else { throw .lengthExceedsInput(offset: start) }
                var items: [CBOR] = []
                items.reserveCapacity(Int(arg))
                for _ in 0..<arg { items.append(try item(depth: depth + 1)) }
                return .array(items)
            case 5:
                guard arg <= UInt64((bytes.count - offset) / 2) else { throw .lengthExceedsInput(offset: start) }
                var entries: [(CBOR, CBOR)] = []
                entries.reserveCapacity(Int(arg))
                // Small maps (every WebAuthn structure) compare keys directly; hashing a CBOR value
                // re-encodes it, which costs more than the comparisons it saves.
                var seen = Set<CBOR>()
                var previousKey: ArraySlice<UInt8>? = nil
                for _ in 0..<arg {
                    let keyStart = offset
                    let key = try item(depth: depth + 1)
                    let keyBytes = bytes[keyStart..<offset]
                    if entries.count < 16 {
                        guard !entries.contains(where: { $0.0 == key }) else { throw .duplicateMapKey(offset: keyStart) }
                    } else {
                        if seen.isEmpty { seen = Set(entries.map(\.0)) }
                        guard seen.insert(key).inserted else { throw .duplicateMapKey(offset: keyStart) }
                    }
                    if options.requireCanonical, let previousKey,
                        !CBOREncoder.canonicalOrder(Array(previousKey), Array(keyBytes))
                    {
                        throw .nonCanonical(offset: keyStart, reason: "map keys not in canonical order")
                    }
                    previousKey = keyBytes
                    entries.append((key, try item(depth: depth + 1)))
                }
                return .map(entries)
            case 6:
                return .tagged(arg, try item(depth: depth + 1))
            default:
                throw .reservedAdditionalInfo(offset: start)
            }
        }
    }
}
