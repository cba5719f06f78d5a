import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CTAPHID over a Unix stream socket: each side writes whole 64-byte reports, one after
/// another, so any FIDO host library that can be given a packet reader and writer (python-fido2's
/// `CtapHidConnection`, for one) talks to the device without a kernel HID driver. Several hosts
/// may connect at once; they share the device as they would a USB key, by channel.
public final class UnixSocketTransport: @unchecked Sendable { // connections under lock
    public let path: String
    private let listener: Int32
    private var server: CTAPHIDServer!
    private let lock = NSLock()
    private var connections: [Int: Connection] = [:]

    /// One host's end. Writes to it are serialised by its own lock, so a host that stops reading
    /// stalls only itself, and only for the send timeout, after which it is disconnected.
    private final class Connection: @unchecked Sendable { // isClosed and writes under writeLock
        let fd: Int32
        let writeLock = NSLock()
        var isClosed = false
        init(fd: Int32) { self.fd = fd }
    }
    static let sendTimeoutSeconds = 2
    private var nextConnection = 0
    private var closed = false
    /// The socket file this transport made, so closing never removes another process's.
    private var identity: (dev_t, ino_t) = (0, 0)

    public enum SocketError: Error, CustomStringConvertible {
        case pathTooLong(String)
        case notASocket(String)
        case inUse(String)
        case system(String, Int32)
        public var description: String {
            switch self {
            case .pathTooLong(let p): return "the socket path \(p) is longer than 107 bytes"
            case .notASocket(let p): return "\(p) exists and is not a socket; refusing to replace it"
            case .inUse(let p): return "\(p) is in use by another device (a process answers on it); stop it or choose another path"
            case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Binds `path` (mode 0600: only this user's processes may use the device) and serves `device`.
    public init(path: String, device: CTAPDevice, timeout: TimeInterval = 3) throws {
        self.path = path
        guard path.utf8.count < 108 else { throw SocketError.pathTooLong(path) }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw SocketError.notASocket(path) }
            // A socket someone still answers on belongs to a running device; only a dead one is replaced.
            if let probe = try? Self.connect(to: path) {
                Glibc.close(probe)
                throw SocketError.inUse(path)
            }
            unlink(path)
        }
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw SocketError.system("socket", errno) }
        var address = Self.address(path)
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(previous)
        guard bound == 0 else {
            let e = errno
            Glibc.close(listener)
            throw SocketError.system("bind", e)
        }
        guard listen(listener, 16) == 0 else {
            let e = errno
            Glibc.close(listener)
            throw SocketError.system("listen", e)
        }
        var made = stat()
        lstat(path, &made)
        identity = (made.st_dev, made.st_ino)
        server = CTAPHIDServer(device: device, timeout: timeout) { [weak self] connection, report in self?.write(report, to: connection) }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// A host's end: a stream socket connected to the device at `path` (64-byte reports each way).
    public static func connect(to path: String) throws -> Int32 {
        guard path.utf8.count < 108 else { throw SocketError.pathTooLong(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError.system("socket", errno) }
        var address = address(path)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            let e = errno
            Glibc.close(fd)
            throw SocketError.system("connect", e)
        }
        return fd
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Stops accepting, closes every connection and removes the socket file.
    public func close() {
        let fds: [Int32] = lock.withLock {
            guard !closed else { return [] }
            closed = true
            // Each reader sees its socket shut down, then removes and closes its connection.
            return connections.values.map(\.fd)
        }
        server.stop()
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        var now = stat()
        if lstat(path, &now) == 0, now.st_dev == identity.0, now.st_ino == identity.1 { unlink(path) }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            var timeout = timeval(tv_sec: Self.sendTimeoutSeconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let id: Int? = lock.withLock {
                guard !closed else { return nil }
                nextConnection += 1
                connections[nextConnection] = Connection(fd: fd)
                return nextConnection
            }
            guard let id else {
                Glibc.close(fd)
                return
            }
            Thread.detachNewThread { [self] in readLoop(fd, id) }
        }
    }

    private func readLoop(_ fd: Int32, _ id: Int) {
        var report = [UInt8](repeating: 0, count: CTAPHIDFramer.reportSize)
        while readExactly(fd, &report) { server.receive(report, from: id) }
        server.disconnected(id)
        let c = lock.withLock { connections.removeValue(forKey: id) }
        // Closed under the write lock, so a reply in flight never writes to a reused descriptor.
        c?.writeLock.withLock { c?.isClosed = true }
        Glibc.close(fd)
    }

    private func readExactly(_ fd: Int32, _ buffer: inout [UInt8]) -> Bool {
        var got = 0
        while got < buffer.count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            got += n
        }
        return true
    }

    private func write(_ report: [UInt8], to connection: Int) {
        guard let c = lock.withLock({ connections[connection] }) else { return }
        c.writeLock.lock()
        defer { c.writeLock.unlock() }
        guard !c.isClosed else { return }
        var sent = 0
        while sent < report.count {
            let n = report.withUnsafeBytes { send(c.fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                // A host that does not read within the send timeout is gone: its reader ends.
                shutdown(c.fd, Int32(SHUT_RDWR))
                return
            }
            sent += n
        }
    }
}
