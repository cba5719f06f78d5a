/// A callgrind output file (valgrind's `--tool=callgrind`, format version 1), read for what
/// `latchkey bench --instructions` reports: the total instructions, each function's own
/// (exclusive) and inclusive count, and each shared object's own count. Names stay as written
/// (Swift's mangled names keep their identifiers, so a substring finds `RoutePath` or `JSONText`).
public struct CallgrindProfile: Sendable, Equatable {
    /// One function: the object it is in, its own instructions, and those of everything it called.
    public struct Function: Sendable, Equatable {
        public var object: String
        public var exclusive: Int
        public var inclusive: Int
    }

    /// The file's `totals:` instruction count.
    public var total: Int
    /// By object and function name (`object` + "\u{0}" + `name`).
    public var functions: [String: Function]

    /// What a file that is not a callgrind profile, or is cut short, gets.
    public struct FormatError: Error, CustomStringConvertible, Equatable {
        public let line: Int
        public let reason: String
        public var description: String { "callgrind profile, line \(line): \(reason)" }
    }

    /// Own instructions per shared object (the executable, libcrypto, libsqlite3 …).
    public var exclusiveByObject: [String: Int] {
        functions.values.reduce(into: [:]) { $0[$1.object, default: 0] += $1.exclusive }
    }

    /// The largest inclusive count among the functions whose name contains `fragment`: what one
    /// routine cost with everything it called (of a nest of matching functions, the outermost).
    public func inclusive(named fragment: String) -> Int {
        functions.filter { $0.key.contains(fragment) }.values.map(\.inclusive).max() ?? 0
    }

    /// Reads the text of a callgrind file. Only the `Ir` event is read (callgrind's default).
    public init(parsing text: String) throws(FormatError) {
        var names: [String: [String: String]] = ["ob": [:], "fl": [:], "fn": [:]]
        var object = ""
        var function = ""
        var inCall = false
        var sawHeader = false
        var total: Int?
        var costColumn = 1
        var functions: [String: Function] = [:]

        /// `(12) name` defines id 12, `(12)` refers to it, a bare name has no id.
        func resolve(_ kind: String, _ value: Substring, line: Int) throws(FormatError) -> String {
            guard value.first == "(" else { return String(value) }
            guard let close = value.firstIndex(of: ")") else { throw FormatError(line: line, reason: "unclosed name id") }
            let id = String(value[value.index(after: value.startIndex)..<close])
            let rest = value[value.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty {
                guard let name = names[kind]?[id] else {
                    throw FormatError(line: line, reason: "name id (\(id)) used before it is defined")
                }
                return name
            }
            names[kind]?[id] = String(rest)
            return String(rest)
        }

        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard let first = line.first else { continue }
            if first == "#" { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                guard sawHeader else { throw FormatError(line: lineNumber, reason: "a cost line before the header") }
                let fields = line.split(separator: " ")
                guard fields.count > costColumn else {
                    // A position with no cost is a zero cost (callgrind drops trailing zeros).
                    inCall = false
                    continue
                }
                // At most 18 digits: no sum of them overflows before a file could hold it.
                guard fields[costColumn].count <= 18, let cost = Int(fields[costColumn]), cost >= 0 else {
                    throw FormatError(line: lineNumber, reason: "not a cost: \(fields[costColumn].prefix(40))")
                }
                let key = object + "\u{0}" + function
                var entry = functions[key] ?? Function(object: object, exclusive: 0, inclusive: 0)
                let inclusive = entry.inclusive.addingReportingOverflow(cost)
                guard !inclusive.overflow else { throw FormatError(line: lineNumber, reason: "the costs overflow") }
                if !inCall { entry.exclusive += cost } // never above inclusive, which did not overflow
                entry.inclusive = inclusive.partialValue
                functions[key] = entry
                inCall = false
                continue
            }
            guard let equals = line.firstIndex(of: "=") ?? line.firstIndex(of: ":") else {
                throw FormatError(line: lineNumber, reason: "not a callgrind line")
            }
            let keyword = String(line[..<equals])
            let value = line[line.index(after: equals)...].drop { $0 == " " }
            switch keyword {
            case "version":
                guard value == "1" else { throw FormatError(line: lineNumber, reason: "unsupported format version \(value)") }
                sawHeader = true
            case "creator", "pid", "cmd", "part", "desc", "thread", "event": sawHeader = true
            case "positions":
                // One column per position kind (line, instr), then the events.
                costColumn = value.split(separator: " ").count
                sawHeader = true
            case "events":
                guard value.split(separator: " ").first == "Ir" else {
                    throw FormatError(line: lineNumber, reason: "the first event is not Ir: \(value)")
                }
                sawHeader = true
            case "totals":
                // The last line callgrind writes: without it the file was cut short.
                guard let n = value.split(separator: " ").first.flatMap({ Int($0) }) else {
                    throw FormatError(line: lineNumber, reason: "unreadable totals")
                }
                total = n
            case "summary": continue
            case "ob": object = try resolve("ob", value, line: lineNumber)
            case "fl", "fi", "fe": _ = try resolve("fl", value, line: lineNumber)
            case "fn": function = try resolve("fn", value, line: lineNumber)
            case "cob": _ = try resolve("ob", value, line: lineNumber)
            case "cfi", "cfl": _ = try resolve("fl", value, line: lineNumber)
            case "cfn": _ = try resolve("fn", value, line: lineNumber)
            case "calls": inCall = true
            case "jump", "jcnd": continue
            default:
                // Header lines this reader does not need (a later callgrind may add some).
                continue
            }
        }
        guard sawHeader else { throw FormatError(line: lineNumber, reason: "no callgrind header") }
        guard let total else { throw FormatError(line: lineNumber, reason: "no totals: the profile is cut short") }
        self.total = total
        self.functions = functions
    }
}
