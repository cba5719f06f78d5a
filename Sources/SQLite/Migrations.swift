/// Schema migrations keyed by `PRAGMA user_version`: step `i` (0-based) takes the schema from
/// version `i` to `i + 1`. Each step runs in its own write transaction together with the version
/// bump, so a crash leaves the file at one version or the next, never between.
public struct Migrations: Sendable {
    public let steps: [String]
    /// The schema the steps end at, as one script, for a new database (version 0): replaying
    /// every step costs more where steps rebuild or alter tables. Nil replays the steps.
    public let baseline: String?
    public init(_ steps: [String], baseline: String? = nil) {
        self.steps = steps
        self.baseline = baseline
    }

    public var latestVersion: Int { steps.count }

    /// Brings `db` to the latest version. A file newer than this code is refused rather than
    /// written with a schema it does not know. The version is read again under each step's write
    /// lock: another process opening the same new file may have taken it further meanwhile.
    public func apply(to db: Database) throws {
        if try version(of: db) == steps.count { return }
        while try !db.writeTransaction({ try step(db) }) {}
    }

    /// One step (or the baseline, from version 0) in the caller's transaction; true once `db` is
    /// at the latest version.
    private func step(_ db: Database) throws -> Bool {
        let current = try version(of: db)
        guard current <= steps.count else {
            throw SQLiteError(code: 1, message: "the database is at schema version \(current); this build knows up to \(steps.count)")
        }
        if current == steps.count { return true }
        var next = current + 1
        if current == 0, let baseline {
            try db.execute(baseline)
            next = steps.count
        } else {
            try db.execute(steps[current])
        }
        try db.execute("PRAGMA user_version=\(next)")
        return next == steps.count
    }

    private func version(of db: Database) throws -> Int {
        Int(try db.prepare("PRAGMA user_version").firstRow { $0.int(0) } ?? 0)
    }
}
