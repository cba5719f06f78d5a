import Foundation

/// The emulator's whole state in a folder, as the Firebase emulators keep theirs:
/// `latchkey serve --export-on-exit DIR` writes it when a signal stops the server, and
/// `latchkey serve --import DIR` starts from it. The folder holds the store (accounts, passkeys,
/// passwords, second factors, trusted devices, sessions, the outbox, the signing key) as one
/// SQLite file and `latchkey-emulator.json` (the format version and the clock's offset).
///
/// Each file is written beside its final name (created anew, never through a link), synced, and
/// renamed over it, the state first and the metadata last; the folder is synced after each
/// rename. A crash between the two renames leaves the new state with the previous metadata
/// (the clock offset of the export before).
///
/// An import is checked before it replaces anything (a Latchkey store that passes SQLite's
/// integrity and foreign-key checks), so a damaged or foreign file leaves the store as it was.
/// With `--db`, the import replaces that file's state, as it replaces an in-memory one.
public struct EmulatorExport: Sendable {
    static let metadataName = "latchkey-emulator.json"
    static let stateName = "identity-server.sqlite"
    static let version = 1

    struct Metadata: Codable {
        var version: Int
        var exportedAt: String
        var clockOffsetSeconds: Double

        enum CodingKeys: String, CodingKey {
            case version
            case exportedAt = "exported_at"
            case clockOffsetSeconds = "clock_offset_seconds"
        }
    }

    /// Why a folder could not be exported to or imported from.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case noExport(String)
        case unreadable(String)
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .noExport(let directory):
                "\(directory) holds no emulator export (no \(metadataName): made by serve --export-on-exit)"
            case .unreadable(let reason): "cannot import: \(reason)"
            case .cannotWrite(let reason): "cannot export: \(reason)"
            }
        }
    }

    let statePath: String
    let clockOffsetSeconds: Double

    /// Reads the folder's metadata; the state file is checked when it is loaded.
    public init(directory: String) throws(Failure) {
        let metadataPath = directory + "/" + Self.metadataName
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unreadable("\(directory) is not a folder (serve --export-on-exit DIR makes one)")
        }
        guard FileManager.default.fileExists(atPath: metadataPath) else { throw .noExport(directory) }
        let metadata: Metadata
        do {
            // Bounded before it is read: a link to /dev/zero or a huge file is refused, not read.
            var info = stat()
            guard lstat(metadataPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 64 * 1024 else {
                throw Failure.unreadable("\(metadataPath) is not a regular file of at most 64 KiB")
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: metadataPath))
            guard data.count <= 64 * 1024 else { throw Failure.unreadable("\(metadataPath) is larger than 64 KiB") }
            metadata = try JSONDecoder().decode(Metadata.self, from: data)
        } catch let failure as Failure {
            throw failure
        } catch let DecodingError.keyNotFound(key, _) {
            throw .unreadable("\(metadataPath) is not an emulator export's metadata (no \(key.stringValue))")
        } catch {
            throw .unreadable("\(metadataPath) is not an emulator export's metadata (not its JSON)")
        }
        guard metadata.version == Self.version else {
            throw .unreadable("\(metadataPath) has format version \(metadata.version); this build reads \(Self.version)")
        }
        // The emulator's clock only moves forward, at most ten years at a time.
        guard metadata.clockOffsetSeconds.isFinite, (0..<100 * 365 * 86400).contains(metadata.clockOffsetSeconds) else {
            throw .unreadable("\(metadataPath): the clock offset is out of range")
        }
        statePath = directory + "/" + Self.stateName
        clockOffsetSeconds = metadata.clockOffsetSeconds
    }

    /// Loads the state into a freshly opened store, refusing a damaged file, and sets the clock.
    func load(into store: IdentityStore, clock: ServerClock) throws(Failure) {
        guard FileManager.default.fileExists(atPath: statePath) else { throw .unreadable("\(statePath) is missing") }
        do {
            try Self.check(statePath)
            try store.restore(from: statePath)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("\(statePath): \(error)")
        }
        clock.advance(seconds: clockOffsetSeconds)
    }

    /// A Latchkey store that SQLite's integrity and foreign-key checks pass, opened read-only.
    private static func check(_ path: String) throws {
        if let problem = try IdentityStore.problem(withStoreFile: path) { throw Failure.unreadable("\(path): \(problem)") }
    }

    /// Writes the whole state of `store`, and `clock`'s offset, into `directory` (created if
    /// absent): a running server's `environment.store` and `environment.clock`.
    public static func write(store: IdentityStore, clock: ServerClock, to directory: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = directory + "/.\(stateName).\(getpid()).partial"
            // A partial file of an earlier export that was killed mid-write: nothing else names it.
            // (unlink removes a link itself, never what it points to)
            unlink(temporary)
            // backup(to:) creates the file with O_EXCL | O_NOFOLLOW, mode 0600.
            try store.backup(to: temporary)
            try sync(temporary)
            try replace(directory + "/" + stateName, with: temporary, in: directory)
            let metadata = Metadata(
                version: version, exportedAt: ISO8601DateFormatter().string(from: Date()),
                clockOffsetSeconds: clock.advancedBy)
            let metadataTemporary = directory + "/.\(metadataName).\(getpid()).partial"
            unlink(metadataTemporary)
            try writeNew(Array(try JSONEncoder().encode(metadata)), to: metadataTemporary)
            try replace(directory + "/" + metadataName, with: metadataTemporary, in: directory)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .cannotWrite("\(directory): \(error)")
        }
    }

    private static func replace(_ path: String, with temporary: String, in directory: String) throws {
        guard rename(temporary, path) == 0 else { throw posixFailure("rename \(temporary)") }
        try sync(directory)
    }

    /// Creates `path` (never through a link, never over a file), writes `bytes`, syncs it.
    private static func writeNew(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw posixFailure("create \(path)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else { throw posixFailure("write \(path)") }
    }

    private static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw posixFailure("open \(path)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw posixFailure("sync \(path)") }
    }

    private static func posixFailure(_ what: String) -> Failure {
        .cannotWrite("\(what): \(String(cString: strerror(errno)))")
    }
}
