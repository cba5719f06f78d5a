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
    /// written with a schema it does not know.
    public func apply(to db: Database) throws {
        let current = Int(try db.prepare("PRAGMA user_version").firstRow { $0.int(0) } ?? 0)
        guard current <= steps.count else {
            throw SQLiteError(code: 1, message: "the database is at schema version \(current); this build knows up to \(steps.count)")
        }
        if current == 0, let baseline, !steps.isEmpty {
            try db.writeTransaction {
                try db.execute(baseline)
                try db.execute("PRAGMA user_version=\(steps.count)")
            }
            return
        }
        for version in current..<steps.count {
            try db.writeTransaction {
                try db.execute(steps[version])
                try db.execute("PRAGMA user_version=\(version + 1)")
            }
        }
    }
}
