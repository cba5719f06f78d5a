import ArgumentParser
import Foundation

/// The identity server a command talks to: `--server`, else `$LATCHKEY_SERVER`, else
/// `http://127.0.0.1:8975` (what `latchkey serve` listens on by default). The account
/// commands and `latchkey emulator` read it the same way.
enum ServerAddress {
    static let fallback = "http://127.0.0.1:8975"

    /// The base URL, without a trailing slash.
    static func resolve(_ option: String?) -> String {
        let value = option ?? ProcessInfo.processInfo.environment["LATCHKEY_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }

    /// An http or https URL with a host, else a usage error.
    static func validate(_ url: String) throws {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw ValidationError("--server must be an http or https URL")
        }
    }
}
