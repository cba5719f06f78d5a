import Encoding
import Foundation
import LatchkeyCrypto

/// Where `POST /emulator/v1/snapshot` writes: beside the database file, or a private temporary
/// folder for an in-memory store.
struct SnapshotFolder: Sendable {
    let directory: String
    /// An in-memory server's snapshots are whole copies of a state (password hashes, the signing
    /// key) meant to be gone when the server stops.
    let isTemporary: Bool

    init(store: IdentityStore, random: any RandomSource) {
        isTemporary = store.isInMemory
        directory =
            store.isInMemory
            ? NSTemporaryDirectory() + "latchkey-snapshots-\(getpid())-\(Base64URL.encode(random.bytes(6)))"
            : store.path + ".snapshots"
    }

    func path(_ id: String) throws -> String {
        // An id names a file in this folder and nothing else: no "/" or "..", only the letters
        // ids are made of (hex now, base64url before).
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw APIError.notFound("No snapshot with this id")
        }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory + "/" + id + ".sqlite"
    }

    /// Removes an in-memory server's snapshot folder; a file-backed server's snapshots stay
    /// beside its database, as its state does.
    func removeIfTemporary() {
        guard isTemporary else { return }
        // absent when no snapshot was taken; a stopping server has no caller to report a failed removal to
        try? FileManager.default.removeItem(atPath: directory)
    }
}
