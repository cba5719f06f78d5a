import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `latchkey bench` is measuring now, one line per step on stderr (`[3/7] getAssertion-memory`),
/// so a run of minutes is not silent. Only when stderr is a terminal: a script's stderr, and the
/// report on stdout (`--json` included), stay as they were.
struct BenchProgress {
    let total: Int
    private var done = 0
    private let shown = isatty(STDERR_FILENO) == 1

    init(total: Int) { self.total = total }

    mutating func step(_ name: String) {
        done += 1
        if shown { Console.error("[\(done)/\(total)] \(name)") }
    }
}
