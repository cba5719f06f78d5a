/// Why an emulator API call failed.
public enum EmulatorClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an http(s) URL with a host.
    case badBaseURL(String)
    /// No answer (nothing listening, connection reset, timeout).
    case unreachable(String, reason: String)
    /// The server answers, but has no `/emulator/v1` (started without `--emulator-api`).
    case apiOff(String)
    /// The API refused the call: HTTP status and the ReachFive `error` code, if any.
    case refused(status: Int, error: String?, path: String)
    /// The answer did not have the documented shape.
    case malformed(path: String, reason: String)
    /// `waitForMessage` saw no matching message in time.
    case noMessage(to: String?, seconds: Double)

    public var description: String {
        switch self {
        case .badBaseURL(let url): return "\(url) is not a server address (http://host:port)"
        case .unreachable(let server, let reason): return "\(server) does not answer: \(reason)"
        case .apiOff(let server): return "\(server) has no emulator API (start it with latchkey serve --emulator-api)"
        case .refused(let status, let error, let path): return "\(path) answered HTTP \(status)" + (error.map { " (\($0))" } ?? "")
        case .malformed(let path, let reason): return "\(path) answered something unexpected: \(reason)"
        case .noMessage(let to, let seconds):
            return "no message" + (to.map { " to \($0)" } ?? "") + " arrived within \(Int(seconds.rounded())) s"
        }
    }
}
