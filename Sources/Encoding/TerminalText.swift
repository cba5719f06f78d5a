/// Text for a person's terminal. Names come from relying parties and users (`user.name`,
/// `displayName`, `rp.name`, vault fields): a control character in one could move the cursor,
/// rewrite earlier lines or change the terminal's state, so every human-readable output passes
/// them through `escaped`. JSON output is escaped by the encoder instead.
public enum TerminalText {
    /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (which can make
    /// text display in another order than it is stored) become visible `\u{…}` escapes.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E
                || v == 0x200F
            {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
