import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 exchange over a plain socket, with the request line and headers exactly as
/// written: URLSession (and every other client) normalizes `//`, `/./` and `..` away and sets
/// `Host` itself, which are the very things the browser-guard tests must send.
enum RawHTTP {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// A request whose headers are sent and whose body is not yet: a client holding its body
    /// back while something else happens on the server.
    final class HeldRequest {
        let fd: Int32
        let body: String

        /// Connects and sends the request line and headers (with the body's `Content-Length`).
        init(port: Int, _ method: String, _ target: String, headers: [(String, String)], body: String) throws {
            fd = try RawHTTP.connect(port: port)
            self.body = body
            var text = "\(method) \(target) HTTP/1.1\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            text += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            try RawHTTP.write(fd, Array(text.utf8))
        }

        deinit { close(fd) }

        /// Sends the body and reads the status code of the reply.
        func finish() throws -> Int {
            try RawHTTP.write(fd, Array(body.utf8))
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.contains(0x0A) {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                received += buffer[..<n]
            }
            let statusLine = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "no status line") }
            return status
        }
    }

    /// A socket connected to 127.0.0.1:`port`, with 60 s send and receive timeouts (hang guards).
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect: \(errno)")
        }
        return fd
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(errno)") }
            sent += n
        }
    }

    /// Sends `method target HTTP/1.1`, then `headers` in order (no `Host` unless given), then the
    /// body; reads until the server closes. The socket times out after 60 s (a hang guard only).
    static func send(
        port: Int, _ method: String, _ target: String, headers: [(String, String)], body: String = "",
        version: String = "HTTP/1.1"
    ) throws -> Reply {
        let fd = try connect(port: port)
        defer { close(fd) }
        var text = "\(method) \(target) \(version)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        try write(fd, Array(text.utf8))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[..<n]
        }
        let reply = String(decoding: received, as: UTF8.self)
        guard let headEnd = reply.range(of: "\r\n\r\n") else {
            throw Failure(description: "no complete reply to \(method) \(target): \(reply.debugDescription)")
        }
        let lines = reply[..<headEnd.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: fields, body: String(reply[headEnd.upperBound...]))
    }
}
