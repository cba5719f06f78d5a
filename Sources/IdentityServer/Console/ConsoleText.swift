import Foundation

/// Values from users and relying parties shown as text. Mustache escapes HTML; this also makes
/// characters that would be invisible or reorder the line visible: C0/C1 controls, DEL,
/// bidirectional overrides and the BOM are spelled out as `\u{1B}` (text any font can show), so a
/// name cannot hide, recolour or reverse what the console shows next to it.
enum ConsoleText {
    static func visible(_ s: String, keepingLineBreaks: Bool = false) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks: out.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func visible(_ s: String?) -> String { s.map { visible($0, keepingLineBreaks: false) } ?? "" }

    /// A date as the console shows it (UTC, to the second), or "—".
    static func date(seconds: Int64?) -> String {
        guard let seconds else { return "—" }
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    static func date(milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000).formatted(.iso8601)
    }
}
