import Authenticator
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TTY picker: a numbered list, arrow keys or a digit to move, Enter to choose, Esc (or q) to
/// cancel. It draws on the terminal behind `output` and reads raw keys from `input`; use it
/// only when both are terminals.
public final class InteractiveUserDriver: UserDriver, Sendable {
    let input: Int32
    let output: Int32
    public let userVerification: UserVerificationOutcome

    public init(input: Int32, output: Int32, userVerification: UserVerificationOutcome = .verified) {
        self.input = input
        self.output = output
        self.userVerification = userVerification
    }

    /// Whether both descriptors are terminals, as this driver needs.
    public static func canRun(input: Int32, output: Int32) -> Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// The rows the user moves through: every entry, then each option.
    enum Choice {
        case entry(Int)
        case option(Sheet.Option)
    }

    public func choose(_ sheet: Sheet) async throws -> UserDecision {
        try await TerminalThread.run { try self.chooseOnTerminal(sheet) }
    }

    /// Blocks on the terminal until the person decides (on `TerminalThread`'s thread).
    func chooseOnTerminal(_ sheet: Sheet) throws -> UserDecision {
        let choices: [Choice] = sheet.entries.map { .entry($0.index) } + sheet.options.map { .option($0) }
        let labels = sheet.lines
        guard !choices.isEmpty else { return .cancel }
        var old = termios()
        tcgetattr(input, &old)
        var raw = old
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 1 // VMIN on Linux
        raw.c_cc.5 = 0 // VTIME on Linux
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &old) }

        var selected = 0
        write("\(sheet.title) (↑/↓, Enter; Esc to cancel):\n")
        render(labels, selected)
        while true {
            guard let key = readKey() else { return .cancel }
            switch key {
            case .up: selected = (selected + choices.count - 1) % choices.count
            case .down: selected = (selected + 1) % choices.count
            case .digit(let n) where n < choices.count: selected = n
            case .enter:
                write("\n")
                switch choices[selected] {
                case .entry(let index): return .select(index: index)
                case .option(.nearbyDevice): return .useNearbyDevice
                case .option(.signUpWithApple): return .continueWithApple
                case .option(.createPasskey): return .createPasskey
                }
            case .escape:
                write("\n")
                return .cancel
            default: continue
            }
            write("\u{1B}[\(labels.count)A") // back to the first row
            render(labels, selected)
        }
    }

    enum Key: Equatable {
        case up, down, enter, escape
        case digit(Int)
        case other
    }

    func readByte(timeoutMilliseconds: Int32) -> UInt8? {
        var fds = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, timeoutMilliseconds) > 0 else { return nil }
        var b: UInt8 = 0
        return Glibc.read(input, &b, 1) == 1 ? b : nil
    }

    func readKey() -> Key? {
        guard let b = readByte(timeoutMilliseconds: -1) else { return nil }
        switch b {
        case 0x0D, 0x0A: return .enter
        case UInt8(ascii: "q"): return .escape
        case UInt8(ascii: "k"): return .up
        case UInt8(ascii: "j"): return .down
        case 0x30...0x39: return .digit(Int(b - 0x30))
        case 0x1B:
            // A lone Esc, or the start of an arrow sequence (ESC [ A/B); wait briefly to tell them apart.
            guard let next = readByte(timeoutMilliseconds: 50) else { return .escape }
            guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O"), let code = readByte(timeoutMilliseconds: 50) else {
                return .escape
            }
            return code == UInt8(ascii: "A") ? .up : code == UInt8(ascii: "B") ? .down : .other
        default: return .other
        }
    }

    func render(_ labels: [String], _ selected: Int) {
        for (i, label) in labels.enumerated() {
            write("\r\u{1B}[2K" + (i == selected ? "> \u{1B}[7m\(label)\u{1B}[0m" : "  \(label)") + "\n")
        }
    }

    func write(_ s: String) {
        let bytes = Array(s.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
    }
}
