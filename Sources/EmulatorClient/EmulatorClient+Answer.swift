import Encoding
import Foundation

extension EmulatorClient {
    /// One emulator API call's answer as the server wrote it (`null` for a 204): for tools that
    /// print the API's own JSON (`latchkey emulator --json`). `path` must be under `/emulator/v1/`.
    public func answer(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil, wait: Double = 0
    ) async throws(EmulatorClientError) -> JSONValue {
        guard path.hasPrefix("/emulator/v1/"), !path.contains("..") else {
            throw .malformed(path: path, reason: "not a path of the emulator API")
        }
        let bytes = try await send(
            method, path, query: query, body: body, wait: wait, missingMeansOff: !(path.hasSuffix("/restore") || path.hasSuffix("/mfa")))
        if bytes.isEmpty { return .null }
        do { return try StrictJSON.parse(bytes) } catch { throw .malformed(path: path, reason: error.description) }
    }
}
