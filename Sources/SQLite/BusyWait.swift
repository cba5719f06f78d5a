import CSQLite
import Foundation

/// How a connection waits for a lock another connection or process holds.
///
/// SQLite's own `busy_timeout` counts from the first refusal and sleeps ever longer (up to
/// 100 ms). With several processes writing back to back, a waiter asleep for 100 ms misses every
/// short gap between the others' transactions and can starve past the timeout although the lock
/// changed hands hundreds of times. This handler polls every 0.1–2 ms (jittered, so waiters do
/// not wake in lockstep) and gives up only when the database has made *no progress* for
/// `stallLimit`: neither the WAL nor the main file changed, so the holder is stuck, not busy.
/// A hard cap (`waitLimit`) bounds the wait even while others keep committing.
final class BusyWait {
    let stallLimit: Duration
    let waitLimit: Duration
    private let watched: [String]
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant?
    private var lastProgress: ContinuousClock.Instant?
    private var lastSignature: [FileSignature] = []

    struct FileSignature: Equatable {
        var size: Int64, seconds: Int, nanoseconds: Int
    }

    init(path: String, stallLimit: Duration) {
        self.stallLimit = stallLimit
        self.waitLimit = max(stallLimit * 12, .seconds(60))
        watched = path == Database.inMemory || path.isEmpty ? [] : [path + "-wal", path]
    }

    /// Installs this handler on `db`; the caller keeps `self` alive as long as `db` is open.
    func install(on db: OpaquePointer) {
        sqlite3_busy_handler(
            db,
            { context, attempt in
                guard let context else { return 0 }
                return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: attempt) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called by SQLite with `attempt` = 0 at the first refusal of each lock request.
    func shouldRetry(attempt: Int32) -> Bool {
        let now = clock.now
        let signature = watched.map(Self.signature)
        if attempt == 0 || started == nil {
            started = now
            lastProgress = now
            lastSignature = signature
        } else if signature != lastSignature {
            lastProgress = now
            lastSignature = signature
        }
        guard let started, let lastProgress else { return false }
        if now - lastProgress >= stallLimit || now - started >= waitLimit { return false }
        // Short at first (most waits are one transaction long), then at most 2 ms.
        let ceiling = attempt < 50 ? 500 : 2000
        usleep(useconds_t(100 + Int.random(in: 0..<ceiling)))
        return true
    }

    private static func signature(_ path: String) -> FileSignature {
        var st = stat()
        guard stat(path, &st) == 0 else { return FileSignature(size: -1, seconds: 0, nanoseconds: 0) }
        return FileSignature(size: Int64(st.st_size), seconds: st.st_mtim.tv_sec, nanoseconds: st.st_mtim.tv_nsec)
    }
}
