/// One line of `latchkey bench`: a rate (`perSecond`, with `baseline`, the median `ratio` and
/// its spread over `pairs` when compared to an OpenSSL primitive), or a measurement with a
/// `value` and `unit` (latencies, sizes). A phase row also splits its time into the server's and
/// the client's CPU.
public struct BenchRow: Codable, Sendable, Equatable {
    public var name: String
    public var perSecond: Double?
    public var baseline: String?
    public var ratio: Double?
    public var ratioMin: Double?
    public var ratioMax: Double?
    public var pairs: Int?
    public var value: Double?
    public var unit: String?
    /// Milliseconds of CPU the server spent on the step (all its threads), per login.
    public var serverCPUms: Double?
    /// Milliseconds of CPU the client spent on the step, per login.
    public var clientCPUms: Double?

    public init(
        name: String, perSecond: Double? = nil, baseline: String? = nil, ratio: Double? = nil,
        value: Double? = nil, unit: String? = nil
    ) {
        self.name = name
        self.perSecond = perSecond
        self.baseline = baseline
        self.ratio = ratio
        self.value = value
        self.unit = unit
    }

    init(name: String, baseline: String, _ measured: PairedRatio) {
        self.init(name: name, perSecond: measured.rate, baseline: baseline, ratio: measured.ratio)
        ratioMin = measured.spread.lowerBound
        ratioMax = measured.spread.upperBound
        pairs = measured.pairs
    }

    static func latency(_ name: String, _ seconds: Double) -> BenchRow {
        .init(name: name, value: seconds * 1000, unit: "ms")
    }
}

/// A whole run: how it was measured and every row.
public struct BenchReport: Codable, Sendable {
    public var build: String
    public var secondsPerRow: Double
    public var pairsPerRatio: Int
    public var rates: [BenchRow]
    /// `--instructions`: instructions per login by kind (`passkey`, `password`,
    /// `password_excluding_hash`), as callgrind counted them in the server.
    public var instructionsPerLogin: [String: Double]?
    /// `--instructions`: instructions per request of the cheapest route (`discovery`, the
    /// OpenID configuration's `GET`), the share of any request that is not its route's.
    public var instructionsPerRequest: [String: Double]?

    public init(build: String, secondsPerRow: Double, pairsPerRatio: Int, rates: [BenchRow]) {
        self.build = build
        self.secondsPerRow = secondsPerRow
        self.pairsPerRatio = pairsPerRatio
        self.rates = rates
    }

    private enum CodingKeys: String, CodingKey {
        case build, secondsPerRow, pairsPerRatio, rates
        case instructionsPerLogin = "instructions_per_login"
        case instructionsPerRequest = "instructions_per_request"
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
