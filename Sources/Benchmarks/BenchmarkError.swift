/// Why a benchmark stopped: a step that should succeed (a login, a signature) did not.
public struct BenchmarkError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
