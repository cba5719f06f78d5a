/// CTAP2 canonical CBOR encoding: shortest-form heads, definite lengths only, and map keys
/// sorted by major type, then encoded length, then bytes (CTAP 2.1 §8 "Message Encoding").
public enum CBOREncoder {
    public static func encode(_ value: CBOR) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        append(value, to: &out)
        return out
    }

    public static func append(_ value: CBOR, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let u): head(0, u, &out)
        case .negative(let n): head(1, n, &out)
        case .bytes(let b):
            head(2, UInt64(b.count), &out)
            out.append(contentsOf: b)
        case .text(let t):
            let utf8 = Array(t.utf8)
            head(3, UInt64(utf8.count), &out)
            out.append(contentsOf: utf8)
        case .array(let items):
            head(4, UInt64(items.count), &out)
            for item in items { append(item, to: &out) }
        case .map(let entries):
            head(5, UInt64(entries.count), &out)
            let encoded = entries.map { (encode($0.0), $0.1) }
                .sorted { canonicalOrder($0.0, $1.0) }
            for (key, v) in encoded {
                out.append(contentsOf: key)
                append(v, to: &out)
            }
        case .tagged(let tag, let inner):
            head(6, tag, &out)
            append(inner, to: &out)
        case .simple(let s):
            if s < 24 {
                out.append(0xE0 | s)
            } else {
                out.append(0xF8)
                out.append(s)
            }
        case .bool(let b): out.append(b ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .float(let d):
            // Shortest exact form, as RFC 8949 §4.2.1 prescribes for deterministic encoding.
            let f = Float(d)
            if Double(f) == d || d.isNaN {
                let h = Float16(f)
                if Float(h) == f || f.isNaN {
                    out.append(0xF9)
                    be(UInt64(h.bitPattern), 2, &out)
                } else {
                    out.append(0xFA)
                    be(UInt64(f.bitPattern), 4, &out)
                }
            } else {
                out.append(0xFB)
                be(d.bitPattern, 8, &out)
            }
        }
    }

    /// CTAP2 key order: lower major type first, then shorter encoding, then byte-wise.
    static func canonicalOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let ma = a.first.map { $0 >> 5 } ?? 0
        let mb = b.first.map { $0 >> 5 } ?? 0
        if ma != mb { return ma < mb }
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }

    static func head(_ major: UInt8, _ value: UInt64, _ out: inout [UInt8]) {
        let m = major << 5
        switch value {
        case 0..<24: out.append(m | UInt8(value))
        case 24...0xFF:
            out.append(m | 24)
            out.append(UInt8(value))
        case 0x100...0xFFFF:
            out.append(m | 25)
            be(value, 2, &out)
        case 0x10000...0xFFFF_FFFF:
            out.append(m | 26)
            be(value, 4, &out)
        default:
            out.append(m | 27)
            be(value, 8, &out)
        }
    }

    static func be(_ v: UInt64, _ n: Int, _ out: inout [UInt8]) {
        for i in stride(from: n - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (UInt64(i) * 8))) }
    }
}
