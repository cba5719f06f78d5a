import Encoding
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One persistent HTTP/1.1 connection to a loopback server, with blocking reads and writes:
/// what the server bench drives each simulated client with, so the client's own cost per
/// request stays far below the server's (URLSession over libcurl costs about 0.6 ms a request
/// here, more than the server spends on one).
final class KeepAliveConnection {
    struct Reply {
        var status: Int
        var json: JSONValue
        var location: String?
    }

    struct ConnectionError: Error, CustomStringConvertible { var description: String }

    private let fd: Int32
    private let port: Int
    private var buffer: [UInt8] = []

    /// - Parameter timeout: seconds a read or a write may block before the request fails (the
    ///   deadline is the socket's, so a stalled server cannot hang the bench).
    init(port: Int, timeout: Double = 30) throws {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ConnectionError(description: "socket failed") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            close(fd)
            throw ConnectionError(description: "connect to port \(port) failed")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ method: String, _ path: String, json: JSONValue? = nil, bearer: String? = nil) throws -> Reply {
        let body = json.map { Array(JSONText.serialize($0).utf8) } ?? []
        // The port is part of Host (RFC 9110 §7.2): the server answers only to its own names.
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if json != nil { head += "Content-Type: application/json\r\n" }
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        try writeAll(Array(head.utf8) + body)
        return try readReply()
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ConnectionError(description: "write failed") }
            offset += n
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else {
            throw ConnectionError(
                description: errno == EAGAIN ? "no answer before the connection's deadline" : "read failed (errno \(errno))")
        }
        guard n > 0 else { throw ConnectionError(description: "the server closed the connection") }
        buffer += chunk[0..<n]
    }

    private func readReply() throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4, let i = (0...(buffer.count - 4)).first(where: { buffer[$0..<$0 + 4].elementsEqual(separator) }) {
                headEnd = i
            } else {
                try fill()
            }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw ConnectionError(description: "not an HTTP response")
        }
        var length = 0
        var location: String?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased()
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if name == "content-length" { length = Int(value) ?? 0 }
            if name == "location" { location = value }
            if name == "transfer-encoding" { throw ConnectionError(description: "chunked responses are not expected from this server") }
        }
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        // A body that is not JSON reads as null: the caller checks the status and the members it needs.
        let json = body.isEmpty ? JSONValue.null : ((try? StrictJSON.parse(body, maxDepth: 64)) ?? .null)
        return Reply(status: status, json: json, location: location)
    }
}
