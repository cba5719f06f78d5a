import Synchronization

/// The newest `capacity` entries of something the emulator remembers in memory (the request
/// journal, recently issued tokens), safe to append to from concurrent handlers.
final class BoundedLog<Element: Sendable>: Sendable {
    let capacity: Int
    private let entries = Mutex<[Element]>([])

    init(capacity: Int) { self.capacity = capacity }

    func append(_ element: Element) {
        entries.withLock { list in
            list.append(element)
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
    }

    /// The last `limit` entries, oldest first.
    func last(_ limit: Int) -> [Element] { entries.withLock { Array($0.suffix(max(0, limit))) } }

    func clear() { entries.withLock { $0.removeAll() } }
}
