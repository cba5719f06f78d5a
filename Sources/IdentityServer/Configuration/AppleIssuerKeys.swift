import Foundation
import JOSE

#if canImport(Glibc)
    import Glibc
#endif

extension ServerConfiguration.Apple {
    /// The Apple issuer keys the configuration names (`jwks` inline, else the file `jwks_file`),
    /// or nil when it names none. Read once at start; a file that cannot be read or a document
    /// that is not a JWKS is a configuration error that names the key and the path, never a
    /// Foundation error.
    public func issuerKeys() throws(ConfigurationError) -> JWKSet? {
        let bytes: [UInt8]
        let source: String
        if let inline = jwks {
            bytes = Array(inline.utf8)
            source = "apple.jwks"
        } else if let path = jwksFile {
            source = "apple.jwks_file \(path)"
            bytes = try Self.read(path, source: source)
        } else {
            return nil
        }
        do { return try JWKSet(json: bytes) } catch {
            throw ConfigurationError(message: "\(source) is not a JWKS document (latchkey vault apple-jwks prints one): \(error)")
        }
    }

    /// The file's bytes (at most 1 MiB), or why not as "cannot read it: reason".
    private static func read(_ path: String, source: String) throws(ConfigurationError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let relative = !path.hasPrefix("/") ? " (relative to \(FileManager.default.currentDirectoryPath))" : ""
            throw ConfigurationError(message: "\(source): cannot read it\(relative): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return out }
            if n < 0 {
                if errno == EINTR { continue }
                throw ConfigurationError(message: "\(source): cannot read it: \(String(cString: strerror(errno)))")
            }
            out += chunk[0..<n]
            guard out.count <= 1 << 20 else { throw ConfigurationError(message: "\(source): larger than 1 MiB") }
        }
    }
}
