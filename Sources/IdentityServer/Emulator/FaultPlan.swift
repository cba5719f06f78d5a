import Foundation
import HTTPTypes
import Synchronization

/// Planned failures: the next `count` calls to `path` answer `status` with a well-formed
/// ReachFive error (after `delay`), whatever their body. Set with `POST /emulator/v1/faults`.
final class FaultPlan: Sendable {
    struct Fault: Sendable, Equatable {
        var path: String
        var status: Int
        var error: String
        var remaining: Int
        var delayMilliseconds: Int
    }

    private let faults = Mutex<[Fault]>([])

    func add(_ fault: Fault) { faults.withLock { $0.append(fault) } }
    func clear() { faults.withLock { $0.removeAll() } }
    func pending() -> [Fault] { faults.withLock { $0 } }

    /// The fault this call to `path` meets, counted down; nil when none applies.
    func take(path: String) -> Fault? {
        faults.withLock { list in
            guard let i = list.firstIndex(where: { $0.path == path && $0.remaining > 0 }) else { return nil }
            list[i].remaining -= 1
            let fault = list[i]
            if list[i].remaining == 0 { list.remove(at: i) }
            return fault
        }
    }
}
