import Foundation

/// Temporary folders for tests. Every folder lives under one root per test process, which is
/// removed when the process exits, so a run leaves nothing behind in the system's temp folder
/// (tests keep their paths until then, since a vault may be reopened late in a test).
public enum ScratchDirectory {
    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { ScratchDirectory.removeRoot() }
        return url
    }()

    /// A new, empty folder named after `purpose`.
    public static func make(_ purpose: String) throws -> URL {
        let url = root.appendingPathComponent("\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }
}
