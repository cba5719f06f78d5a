import Foundation

/// A request path as the router matches it, so that a rule about a route group (the emulator
/// API is refused cross-site; faults and the journal name routes) holds for every spelling that
/// reaches it. Hummingbird's router splits the path on `/` and drops empty segments, so
/// `//emulator/v1/clock` and `/emulator//v1/clock/` reach `/emulator/v1/clock`; a prefix test on
/// the raw path misses them.
struct RoutePath: Sendable, Equatable {
    /// The segments the router matches, in order (no empty ones).
    let segments: [Substring]
    /// The path the router matches, spelled canonically: `/` and the segments joined by `/`.
    let normalized: String
    /// The first segment as any lenient reading of the path would see it: percent-decoded,
    /// case-folded, `.` and `..` resolved, `\` taken as `/`. The router does none of this today
    /// (`/%65mulator/…` and `/EMULATOR/…` are 404s), but a rule keyed on the group must not
    /// depend on that: a guard that over-matches refuses a request that would 404 anyway.
    let leniencyFirstSegment: String?

    init(_ raw: String) {
        let path = raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        segments = path.split(separator: "/", omittingEmptySubsequences: true)
        normalized = "/" + segments.joined(separator: "/")
        // Most paths are lower-case ASCII with no escape, dot, backslash or blank: the lenient
        // reading of those is the router's own, so it is not computed (every request comes here).
        leniencyFirstSegment = Self.mayReadDifferently(path) ? Self.lenientFirstSegment(path) : segments.first.map(String.init)
    }

    /// The first segment of the lenient reading (see `leniencyFirstSegment`).
    static func lenientFirstSegment(_ path: Substring) -> String? {
        var lenient: [String] = []
        let decoded = fullyDecoded(String(path)).lowercased()
        for segment in decoded.split(whereSeparator: { $0 == "/" || $0 == "\\" }) {
            // A trailing dot or space is dropped by some file-system-minded servers.
            let trimmed =
                segment == "." || segment == ".."
                ? String(segment)
                : String(segment).trimmingCharacters(in: CharacterSet(charactersIn: ". \t"))
            switch trimmed {
            case "", ".": continue
            case "..": _ = lenient.popLast()
            default: lenient.append(trimmed)
            }
        }
        return lenient.first
    }

    /// Whether the router (or a lenient reading) takes this path to the group whose first
    /// segment is `group` (`emulator`, `console`).
    func isUnder(_ group: String) -> Bool {
        segments.first.map { $0.lowercased() == group } ?? false || leniencyFirstSegment == group
    }

    /// Whether `raw` may be under `group` (lower-case ASCII) in any reading `isUnder` makes:
    /// false only when its bytes cannot spell the group (no percent escape, no non-ASCII byte,
    /// no case-insensitive occurrence of the name), so most requests skip building the path.
    static func mayBeUnder(_ group: String, raw: String) -> Bool {
        let name = Array(group.utf8)
        var text = raw
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return true }
            guard bytes.count >= name.count else { return false }
            return (0...(bytes.count - name.count)).contains { start in
                name.indices.allSatisfy { k in
                    let byte = bytes[start + k]
                    return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == name[k] : byte == name[k]
                }
            }
        }
    }

    /// Whether a lenient reading could see other segments than the router: the path has a
    /// percent escape, a backslash, a dot, a blank, an upper-case letter or a non-ASCII byte.
    private static func mayReadDifferently(_ path: Substring) -> Bool {
        path.utf8.contains { byte in
            byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\t") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte >= 0x80
        }
    }

    /// Percent-decoding repeated until nothing changes (at most a few rounds), so `%252F` is
    /// read as `/` too; a malformed escape stops the decoding where it is.
    private static func fullyDecoded(_ s: String) -> String {
        var current = s
        for _ in 0..<4 {
            guard let next = current.removingPercentEncoding, next != current else { break }
            current = next
        }
        return current
    }
}
