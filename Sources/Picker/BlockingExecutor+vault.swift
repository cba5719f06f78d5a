import SQLite

extension BlockingExecutor {
    /// Where vault work that runs inside async code goes (the picker's calls, the headless
    /// browser's cookie jar): SQLite's busy handler sleeps on the calling thread while another
    /// connection or process holds the lock, and that thread must not be one of the Swift
    /// concurrency pool's.
    public static let vault = BlockingExecutor(label: "latchkey.vault", width: .unbounded)
}
