import TestSupport
import Testing

@testable import CBOR

@Suite struct CBORFuzzTests {
    static let seeds: [[UInt8]] = [
        CBOREncoder.encode(
            .map([
                ("fmt", "packed"),
                (
                    "attStmt",
                    .map([
                        ("alg", -7), ("sig", .bytes([UInt8](repeating: 7, count: 70))),
                        ("x5c", .array([.bytes([UInt8](repeating: 1, count: 300))])),
                    ])
                ), ("authData", .bytes([UInt8](repeating: 9, count: 164))),
            ])),
        CBOREncoder.encode(
            .map([(1, 2), (3, -7), (-1, 1), (-2, .bytes([UInt8](repeating: 2, count: 32))), (-3, .bytes([UInt8](repeating: 3, count: 32)))])
        ),
        CBOREncoder.encode(.array([.text("héllo"), .float(1.5), .tagged(24, .bytes([1])), .null, .bool(true), .undefined, .simple(16)])),
    ]

    /// 120k seeded mutations and truncations: each either decodes to a value that re-encodes
    /// without trapping, or is refused with a `CBORError`.
    @Test func mutatedInputsGiveTypedErrorsOnly() {
        var rng = SplitMix64(seed: 0xCB0F)
        var accepted = 0
        var rejected = 0
        for i in 0..<120_000 {
            var input = Self.seeds[i % Self.seeds.count]
            for _ in 0..<(1 + Int(rng.next() % 3)) { input = rng.mutate(input) }
            let value: CBOR
            do { value = try CBORDecoder().decode(input) } catch {
                rejected += 1
                continue
            }
            accepted += 1
            // What the decoder accepts, our encoder writes in canonical form, and that form is
            // a fixed point: decoding and encoding it again changes no byte. (Map order may
            // differ from the input: the decoder does not demand canonical key order.)
            let encoded = CBOREncoder.encode(value)
            do {
                let again = try CBORDecoder().decode(encoded)
                #expect(CBOREncoder.encode(again) == encoded, "canonical form of \(Array(input)) is not stable")
            } catch {
                Issue.record("the canonical encoding of \(Array(input)) is refused: \(error)")
            }
        }
        #expect(rejected > 60_000)
        #expect(accepted > 0)
    }

    @Test func everyTruncationOfEverySeedIsRejected() {
        for seed in Self.seeds {
            for n in 0..<seed.count {
                #expect(throws: CBORError.self) { try CBORDecoder().decode(seed[0..<n]) }
            }
        }
    }
}
