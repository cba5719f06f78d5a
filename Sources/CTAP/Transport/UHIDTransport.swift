import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CTAPHID through Linux's `/dev/uhid`: the kernel makes a HID device (usage page 0xF1D0, the
/// FIDO Alliance's) with a hidraw node that libfido2, python-fido2 and browsers find as a
/// security key. Reports from the host arrive as UHID_OUTPUT events; the device answers with
/// UHID_INPUT2. Needs write access to /dev/uhid (module `uhid`; see docs/ctap.md).
public final class UHIDTransport: @unchecked Sendable { // server set before reads start; writes under writeLock
    /// `struct uhid_event` (linux/uhid.h): a 4-byte type and the largest union member,
    /// `uhid_create2_req` (128 + 64 + 64 + 2 + 2 + 4 × 4 + 4096 bytes), packed.
    static let eventSize = 4 + 128 + 64 + 64 + 2 + 2 + 4 * 4 + 4096
    enum EventType: UInt32 {
        case destroy = 1
        case start = 2
        case stop = 3
        case open = 4
        case close = 5
        case output = 6
        case create2 = 11
        case input2 = 12
    }

    /// The FIDO HID report descriptor (CTAP 2.1 §11.2.8.1): 64-byte input and output reports.
    static let reportDescriptor: [UInt8] = [
        0x06, 0xD0, 0xF1, 0x09, 0x01, 0xA1, 0x01,
        0x09, 0x20, 0x15, 0x00, 0x26, 0xFF, 0x00, 0x75, 0x08, 0x95, 0x40, 0x81, 0x02,
        0x09, 0x21, 0x15, 0x00, 0x26, 0xFF, 0x00, 0x75, 0x08, 0x95, 0x40, 0x91, 0x02,
        0xC0,
    ]

    public let name: String
    private let fd: Int32
    private var server: CTAPHIDServer!
    private let writeLock = NSLock()
    private var stopped = false

    public enum UHIDError: Error, CustomStringConvertible {
        case unavailable(String)
        public var description: String {
            switch self {
            case .unavailable(let why): return why
            }
        }
    }

    public static var isAvailable: Bool { access("/dev/uhid", R_OK | W_OK) == 0 }

    public init(device: CTAPDevice, name: String = "Latchkey CTAP", vendor: UInt32 = 0x1209, product: UInt32 = 0x4C4B) throws {
        self.name = name
        fd = open("/dev/uhid", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw UHIDError.unavailable(
                "cannot open /dev/uhid: \(String(cString: strerror(errno))) (load the uhid module and give this user access; see docs/ctap.md)"
            )
        }
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        Self.put(EventType.create2.rawValue, at: 0, in: &event)
        let nameBytes = Array(name.utf8.prefix(127))
        event.replaceSubrange(4..<(4 + nameBytes.count), with: nameBytes)
        var offset = 4 + 128 + 64 + 64
        Self.put16(UInt16(Self.reportDescriptor.count), at: offset, in: &event)
        offset += 2
        Self.put16(0x03, at: offset, in: &event)
        offset += 2 // BUS_USB
        Self.put(vendor, at: offset, in: &event)
        offset += 4
        Self.put(product, at: offset, in: &event)
        offset += 4
        Self.put(0x0100, at: offset, in: &event)
        offset += 4 // version
        Self.put(0, at: offset, in: &event)
        offset += 4 // country
        event.replaceSubrange(offset..<(offset + Self.reportDescriptor.count), with: Self.reportDescriptor)
        guard Self.writeAll(fd, event) else {
            let e = errno
            Glibc.close(fd)
            throw UHIDError.unavailable("UHID_CREATE2 failed: \(String(cString: strerror(e)))")
        }
        // The kernel's hidraw nodes merge every host into one stream (connection 0), so the
        // per-host quota cannot apply: channels are retired least recently used first, device-wide.
        server = CTAPHIDServer(device: device, channelsPerConnection: CTAPHIDFramer.defaultMaximumChannels) { [weak self] _, report in
            self?.input(report)
        }
        Thread.detachNewThread { [self] in readLoop() }
    }

    /// Destroys the kernel device.
    public func close() {
        writeLock.lock()
        guard !stopped else {
            writeLock.unlock()
            return
        }
        stopped = true
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        Self.put(EventType.destroy.rawValue, at: 0, in: &event)
        _ = Self.writeAll(fd, event)
        writeLock.unlock()
        server.stop()
        Glibc.close(fd)
    }

    private func readLoop() {
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        while true {
            let n = event.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 4 else { return }
            let type = UInt32(event[0]) | UInt32(event[1]) << 8 | UInt32(event[2]) << 16 | UInt32(event[3]) << 24
            guard type == EventType.output.rawValue else { continue }
            // uhid_output_req: data[4096], then size (u16) and rtype (u8).
            let size = Int(event[4 + 4096]) | Int(event[4 + 4097]) << 8
            var report = Array(event[4..<(4 + min(size, 4096))])
            // hidraw writes carry the report number first; FIDO devices have none (0).
            if report.count == CTAPHIDFramer.reportSize + 1 && report[0] == 0 { report.removeFirst() }
            server.receive(report, from: 0)
        }
    }

    private func input(_ report: [UInt8]) {
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        Self.put(EventType.input2.rawValue, at: 0, in: &event)
        Self.put16(UInt16(report.count), at: 4, in: &event)
        event.replaceSubrange(6..<(6 + report.count), with: report)
        writeLock.lock()
        defer { writeLock.unlock() }
        guard !stopped else { return }
        _ = Self.writeAll(fd, event)
    }

    private static func put(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<4 { bytes[offset + i] = UInt8((value >> (8 * UInt32(i))) & 0xFF) }
    }

    private static func put16(_ value: UInt16, at offset: Int, in bytes: inout [UInt8]) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) } == bytes.count
    }
}
