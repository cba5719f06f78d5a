@_spi(Benchmark) import LatchkeyCrypto

/// A rate measured against an OpenSSL primitive in interleaved pairs of short slices
/// (baseline, subject, subject, baseline, …). Each pair gives one ratio, taken while the machine
/// was in one state, so other load moves both sides of a pair alike; the median over the pairs
/// is the figure and the min–max of the pairs is its spread.
struct PairedRatio {
    var rate: Double
    var baselineRate: Double
    var ratio: Double
    var spread: ClosedRange<Double>
    var pairs: Int

    /// Measures `subject` against `baseline` over about `seconds` in all, in `pairs` pairs.
    /// The order inside a pair alternates, so a steady drift in machine speed favours neither side.
    static func measure(
        pairs: Int, seconds: Double, baseline: OpenSSLBaseline.Workload,
        _ subject: () throws -> Void
    ) throws -> PairedRatio {
        let slice = seconds / Double(2 * pairs)
        var rates: [Double] = []
        var baselines: [Double] = []
        var ratios: [Double] = []
        // One untimed slice each first, so caches and lazy setup are warm in every pair.
        _ = OpenSSLBaseline.measureOnce(seconds: slice) { baseline() }
        _ = try OpenSSLBaseline.measureOnce(seconds: slice, subject)
        for pair in 0..<pairs {
            let b: Double
            let r: Double
            if pair % 2 == 0 {
                b = OpenSSLBaseline.measureOnce(seconds: slice) { baseline() }
                r = try OpenSSLBaseline.measureOnce(seconds: slice, subject)
            } else {
                r = try OpenSSLBaseline.measureOnce(seconds: slice, subject)
                b = OpenSSLBaseline.measureOnce(seconds: slice) { baseline() }
            }
            rates.append(r)
            baselines.append(b)
            ratios.append(r / b)
        }
        try baseline.checkNoFailures()
        return PairedRatio(
            rate: median(rates), baselineRate: median(baselines), ratio: median(ratios),
            spread: ratios.min()!...ratios.max()!, pairs: pairs)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
