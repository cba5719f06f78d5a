import Encoding
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The parts of `latchkey serve`'s emulator API the CLI reads (the outbox, the request
/// journal), over an ephemeral URLSession: no cookie or cache files are left behind.
enum EmulatorAPI {
    static let session = URLSession(configuration: .ephemeral)

    enum Failure: Error, CustomStringConvertible {
        case apiOff(String)
        case status(Int, String)
        var description: String {
            switch self {
            case .apiOff(let server): return "\(server) has no emulator API (start it with latchkey serve --emulator-api)"
            case .status(let code, let url): return "\(url) answered HTTP \(code)"
            }
        }
    }

    /// GETs `path` on `server` and parses its JSON body.
    static func get(_ server: String, _ path: String, query: [URLQueryItem] = []) async throws -> JSONValue {
        var c = URLComponents(string: server + path)!
        if !query.isEmpty { c.queryItems = query }
        let (data, response) = try await session.data(from: c.url!)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 404 { throw Failure.apiOff(server) }
        guard status == 200 else { throw Failure.status(status, c.url!.absoluteString) }
        return try StrictJSON.parse(Array(data), maxDepth: 16)
    }

    /// The code of the newest message to `address`, waiting up to `seconds` for one. It asks
    /// once a second (the long-poll form of the API keeps a connection open, which URLSession
    /// on Linux services with a busy loop).
    static func latestCode(server: String, to address: String, channel: String = "email", seconds: Int = 30) async throws -> String? {
        let query = [URLQueryItem(name: "to", value: address), URLQueryItem(name: "channel", value: channel)]
        for attempt in 0...seconds {
            if attempt > 0 { try await Task.sleep(for: .seconds(1)) }
            let reply = try await get(server, "/emulator/v1/outbox", query: query)
            if case .array(let messages)? = reply["messages"], case .string(let code)? = messages.last?["code"] { return code }
        }
        return nil
    }
}
