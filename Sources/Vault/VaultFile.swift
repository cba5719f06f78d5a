import Foundation

/// Checks on the vault file itself, before SQLite opens it: it must be a regular file (never a
/// device, FIFO or socket), new vaults are readable by their owner only, and a file shorter than
/// its own SQLite header says is damage.
public enum VaultFile {
    static func checkCreatable(_ path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return } // nothing there yet
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw VaultError.storage("\(path) is not a regular file; a vault is only created as one")
        }
        guard st.st_size == 0 else { throw VaultError.alreadyExists(path) }
    }

    public static func checkOpenable(_ path: String) throws {
        var st = stat()
        guard stat(path, &st) == 0 else { throw VaultError.notFound("no vault at \(path)") }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw VaultError.storage("\(path) is not a regular file (a device, FIFO or folder cannot be a vault)")
        }
    }

    /// New vaults (and an empty file `init` reuses) are 0600, whatever the umask or old mode.
    static func restrictMode(_ path: String) throws {
        guard chmod(path, 0o600) == 0 else {
            throw VaultError.storage("cannot restrict \(path) to mode 0600: \(String(cString: strerror(errno)))")
        }
    }

    /// A warning when group or others may read or write the vault file; nil when only the owner can.
    public static func looseModeWarning(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & 0o077 != 0 else { return nil }
        return String(format: "%@ is accessible by group or others (mode %03o); run: chmod 600 %@", path, Int(st.st_mode & 0o777), path)
    }

    /// SQLite records the database size in pages in its file header (valid when the change
    /// counter matches "version-valid-for"). A file shorter than that lost pages: damage, even
    /// when the lost pages belong to an index that unlock would not read. Skipped while a WAL
    /// holds frames, since those pages may legitimately live there.
    static func checkNotTruncated(_ path: String) throws {
        // a file that cannot be stat'ed fails the open that follows; this check only looks for truncation
        let attrs = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attrs?[.size] as? NSNumber)?.intValue ?? 0
        // no -wal file (the usual case) means no frames
        let walSize = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
        guard size >= 100, walSize == 0, let handle = FileHandle(forReadingAtPath: path) else { return }
        // closing a file that was only read loses nothing
        defer { try? handle.close() }
        // an unreadable header fails the open that follows; this check only looks for truncation
        guard let header = try? handle.read(upToCount: 100), header.count == 100 else { return }
        let h = Array(header)
        func u32(_ o: Int) -> Int { Int(h[o]) << 24 | Int(h[o + 1]) << 16 | Int(h[o + 2]) << 8 | Int(h[o + 3]) }
        let rawPageSize = Int(h[16]) << 8 | Int(h[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        let pages = u32(28)
        guard pageSize >= 512, pages > 0, u32(24) == u32(92) else { return }
        if size < pages * pageSize {
            throw VaultError.headerDamaged(
                "the database file is \(size) bytes but its header records \(pages) pages of \(pageSize) (truncated)")
        }
    }
}
