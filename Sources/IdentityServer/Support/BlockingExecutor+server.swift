import SQLite

extension BlockingExecutor {
    /// Where server tasks run (`IdentityServerApplication.start`): Dispatch's threads, not the
    /// host's Swift-concurrency pool, so a handler there may block for a moment (a short SQLite
    /// transaction) without starving anyone.
    static let server = BlockingExecutor(label: "latchkey.server", width: .unbounded)
}
