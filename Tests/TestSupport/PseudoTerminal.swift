import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real pseudo-terminal pair, for driving interactive programs in tests.
public final class PseudoTerminal: @unchecked Sendable {
    public let master: Int32
    public let slave: Int32
    /// Owned by the reader thread as much as by this object, so the thread can outlive it.
    private final class Screen: @unchecked Sendable {
        var bytes: [UInt8] = []
        let lock = NSLock()
    }
    private let screen = Screen()

    public init() throws {
        // /dev/ptmx plus the Linux ioctls that posix_openpt/unlockpt/ptsname wrap (Swift's Glibc
        // module does not export those three).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw NSError(domain: "pty", code: Int(errno)) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int): macros Swift cannot import.
        let TIOCSPTLCK: UInt = 0x4004_5431
        let TIOCGPTN: UInt = 0x8004_5430
        guard ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else {
            throw NSError(domain: "pty", code: Int(errno))
        }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw NSError(domain: "pty", code: Int(errno)) }
        let screen = self.screen
        let fd = master
        Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                screen.lock.lock()
                screen.bytes += chunk[0..<n]
                screen.lock.unlock()
            }
        }.start()
    }

    public var output: String {
        screen.lock.lock()
        defer { screen.lock.unlock() }
        return String(decoding: screen.bytes, as: UTF8.self)
    }

    /// Waits until the terminal has shown `text` (or the timeout passes). The timeout only
    /// bounds a hang: it returns as soon as the text appears, so it is generous for slow CI.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(120)) async -> Bool {
        await eventually(within: timeout) { self.output.contains(text) }
    }

    /// Types bytes at the keyboard.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    public var slaveHandle: FileHandle { FileHandle(fileDescriptor: slave, closeOnDealloc: false) }

    deinit {
        close(slave)
        close(master)
    }
}
