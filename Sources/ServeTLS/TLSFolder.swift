import Foundation
import LatchkeyCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// The files of a `LocalCertificateAuthority`'s folder: read, written whole (a temporary file
/// with its final mode from the start, then renamed over the old one), and a lock so that two
/// servers starting at once take turns.
struct TLSFolder {
    let path: String
    var ca: String { path + "/ca.pem" }
    var caKey: String { path + "/ca-key.pem" }
    var leaf: String { path + "/server.pem" }
    var leafKey: String { path + "/server-key.pem" }

    /// Makes the folder (0700), or takes an existing one only when it is a real folder of this
    /// user's that no one else can write to or read: a CA key planted in, or read from, a folder
    /// another user controls would be a root the person is told to trust.
    func create() throws(LocalTLSError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .io(path: path, reason: "not a folder (a link or a file): refused") }
        guard info.st_uid == geteuid() else { throw .io(path: path, reason: "owned by another user: refused") }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .io(path: path, reason: "others can reach it and it cannot be made 0700: \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `body` holding an exclusive lock on the folder's `.lock` file.
    func locked<R>(_ body: () throws(LocalTLSError) -> R) throws(LocalTLSError) -> R {
        let lockPath = path + "/.lock"
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { close(fd) } // closing releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        }
        return try body()
    }

    func readAuthority() throws(LocalTLSError) -> (X509Certificate, P256PrivateKey) {
        let certificate = try readCertificate(ca)
        try requirePrivate(caKey)
        let key = try readKey(caKey)
        guard certificate.basicConstraintsCA == true else { throw .unreadable(path: ca, reason: "not a CA certificate") }
        // a certificate whose key cannot be read is refused just below
        guard (try? certificate.publicKey().spki) == key.publicKey.spki else {
            throw .unreadable(path: caKey, reason: "not the key of \(ca)")
        }
        return (certificate, key)
    }

    func readLeaf() throws(LocalTLSError) -> (X509Certificate, P256PrivateKey) {
        try requirePrivate(leafKey)
        return (try readCertificate(leaf), try readKey(leafKey))
    }

    /// A key file must be a regular file of this user's, readable by no one else (as written).
    private func requirePrivate(_ file: String) throws(LocalTLSError) {
        var info = stat()
        guard lstat(file, &info) == 0 else { throw .io(path: file, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
            throw .unreadable(path: file, reason: "a key must be this user's own file with mode 0600 (not a link, not shared): refused")
        }
    }

    private func readCertificate(_ file: String) throws(LocalTLSError) -> X509Certificate {
        do { return try X509Certificate(pem: try readText(file)) } catch let error as LocalTLSError { throw error } catch {
            throw .unreadable(path: file, reason: "\(error)")
        }
    }

    private func readKey(_ file: String) throws(LocalTLSError) -> P256PrivateKey {
        do { return try P256PrivateKey(pkcs8PEM: try readText(file)) } catch let error as LocalTLSError { throw error } catch {
            throw .unreadable(path: file, reason: "\(error)")
        }
    }

    private func readText(_ file: String) throws(LocalTLSError) -> String {
        guard let data = FileManager.default.contents(atPath: file) else { throw .io(path: file, reason: "cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` to `file` whole: a temporary file made with `mode` (never wider, even for a
    /// moment: a key is secret), synced, then renamed over `file`.
    func write(_ text: String, to file: String, mode: mode_t) throws(LocalTLSError) {
        let temporary = "\(file).\(getpid()).tmp"
        unlink(temporary)
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .io(path: temporary, reason: String(cString: strerror(errno))) }
        var failure: String?
        if fchmod(fd, mode) != 0 { failure = String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        var written = 0
        while failure == nil, written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno != EINTR { failure = String(cString: strerror(errno)) }
            } else {
                written += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, file) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .io(path: file, reason: failure)
        }
    }
}
