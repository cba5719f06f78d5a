import Foundation
import ServeTLS

#if canImport(Glibc)
    import Glibc
#endif

/// What `latchkey serve --https` adds to a start: the local CA's folder, the names its server
/// certificate covers, and the TLS the listener wraps around HTTP/1.1.
enum ServeHTTPS {
    /// `$XDG_DATA_HOME/latchkey` (`~/.local/share/latchkey`): the server's data folder.
    static func dataFolder() -> String {
        let base =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() + "/.local/share")
        return base + "/latchkey"
    }

    /// The names the server certificate is for: the loopback names, every `--allow-host` (its
    /// port dropped) and the `--host` when it is another name or address (not a wildcard).
    static func certificateNames(host: String, allowedHosts: [String]) -> [String] {
        var names = ["localhost", "127.0.0.1", "::1"]
        if host != "0.0.0.0", host != "::" { names.append(host) }
        for entry in allowedHosts {
            if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
                names.append(String(entry[entry.index(after: entry.startIndex)..<close]))
            } else {
                names.append(String(entry.split(separator: ":", maxSplits: 1)[0]))
            }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Opens (or makes) the CA in `folder` and the server certificate; a note on stderr when it
    /// made the CA (it is trusted nowhere yet) or a new server certificate.
    static func prepare(folder: String, host: String, allowedHosts: [String]) throws -> (LocalCertificateAuthority, ServerTLS) {
        do {
            let authority = try LocalCertificateAuthority.prepare(
                folder: folder, names: certificateNames(host: host, allowedHosts: allowedHosts), owner: owner())
            if authority.created {
                Console.error(
                    "note: made a new local CA, \(authority.caPath); trust it once (latchkey serve --help, docs/server.md): "
                        + "curl --cacert \(authority.caPath), or update-ca-certificates / security add-trusted-cert / "
                        + "xcrun simctl keychain booted add-root-cert")
            }
            return (authority, try ServerTLS(authority))
        } catch {
            throw CommandFailure(.failed, "--tls-dir \(folder): \(error)")
        }
    }

    /// `user@host`, as mkcert names its CA: which machine's CA a person is trusting.
    private static func owner() -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        return "\(NSUserName())@\(host)"
    }
}
