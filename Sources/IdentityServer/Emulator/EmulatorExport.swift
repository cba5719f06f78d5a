import Foundation

/// The emulator's whole state in a folder, as the Firebase emulators keep theirs:
/// `latchkey serve --export-on-exit DIR` writes it when a signal stops the server, and
/// `latchkey serve --import DIR` starts from it. The folder holds the store (accounts, passkeys,
/// passwords, second factors, trusted devices, sessions, the outbox, the signing key) as one
/// SQLite file and `latchkey-emulator.json` (the format version and the clock's offset).
///
/// Each file is written beside its final name and renamed over it, the metadata last, so a
/// folder holds a whole export or the previous one, never half of each.
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
        guard FileManager.default.fileExists(atPath: metadataPath) else { throw .noExport(directory) }
        let metadata: Metadata
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: metadataPath))
            guard data.count <= 64 * 1024 else { throw Failure.unreadable("\(metadataPath) is larger than 64 KiB") }
            metadata = try JSONDecoder().decode(Metadata.self, from: data)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("\(metadataPath) is not an emulator export's metadata (\(error))")
        }
        guard metadata.version == Self.version else {
            throw .unreadable("\(metadataPath) has format version \(metadata.version); this build reads \(Self.version)")
        }
        guard metadata.clockOffsetSeconds.isFinite, abs(metadata.clockOffsetSeconds) < 100 * 365 * 86400 else {
            throw .unreadable("\(metadataPath): the clock offset is out of range")
        }
        statePath = directory + "/" + Self.stateName
        clockOffsetSeconds = metadata.clockOffsetSeconds
    }

    /// Loads the state into a freshly opened store, refusing a damaged file, and sets the clock.
    func load(into store: IdentityStore, clock: ServerClock) throws(Failure) {
        guard FileManager.default.fileExists(atPath: statePath) else { throw .unreadable("\(statePath) is missing") }
        do {
            try store.restore(from: statePath)
            guard try store.integrityCheck() else { throw Failure.unreadable("\(statePath) fails the store's integrity check") }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("\(statePath): \(error)")
        }
        clock.advance(seconds: clockOffsetSeconds)
    }

    /// Writes the environment's whole state into `directory` (created if absent).
    public static func write(_ environment: ServerEnvironment, to directory: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = directory + "/.\(stateName).\(getpid()).partial"
            // A partial file of an earlier export that was killed mid-write: nothing else names it.
            try? FileManager.default.removeItem(atPath: temporary)
            try environment.store.backup(to: temporary)
            try replace(directory + "/" + stateName, with: temporary)
            let metadata = Metadata(
                version: version, exportedAt: ISO8601DateFormatter().string(from: Date()),
                clockOffsetSeconds: environment.clock.advancedBy)
            let metadataTemporary = directory + "/.\(metadataName).\(getpid()).partial"
            try JSONEncoder().encode(metadata).write(to: URL(fileURLWithPath: metadataTemporary))
            try replace(directory + "/" + metadataName, with: metadataTemporary)
        } catch {
            throw .cannotWrite("\(directory): \(error)")
        }
    }

    private static func replace(_ path: String, with temporary: String) throws {
        guard rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }
}
