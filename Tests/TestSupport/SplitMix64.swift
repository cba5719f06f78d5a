/// A small seeded generator for fuzz inputs, so every fuzz run is reproducible.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of: bit flips, byte overwrites, truncation, insertion, deletion, length-field
    /// inflation (0xFF runs), or a rotation of the input.
    public mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
        var b = seed
        guard !b.isEmpty else { return [UInt8(truncatingIfNeeded: next())] }
        switch next() % 7 {
        case 0:
            for _ in 0..<(1 + Int(next() % 4)) {
                let i = Int(next() % UInt64(b.count))
                b[i] ^= UInt8(1 << (next() % 8))
            }
        case 1:
            for _ in 0..<(1 + Int(next() % 4)) {
                let i = Int(next() % UInt64(b.count))
                b[i] = UInt8(truncatingIfNeeded: next())
            }
        case 2:
            b = Array(b.prefix(Int(next() % UInt64(b.count))))
        case 3:
            let i = Int(next() % UInt64(b.count + 1))
            b.insert(contentsOf: (0..<(1 + Int(next() % 8))).map { _ in UInt8(truncatingIfNeeded: next()) }, at: i)
        case 4:
            let i = Int(next() % UInt64(b.count))
            let n = min(b.count - i, 1 + Int(next() % 8))
            b.removeSubrange(i..<(i + n))
        case 5:
            let i = Int(next() % UInt64(b.count))
            let n = min(b.count - i, 1 + Int(next() % 4))
            for j in i..<(i + n) { b[j] = 0xFF }
        default:
            let i = Int(next() % UInt64(b.count))
            b = Array(b[i...] + b[..<i])
        }
        return b
    }
}
