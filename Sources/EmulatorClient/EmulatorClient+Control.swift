import Encoding

extension EmulatorClient {
    private struct FaultList: Decodable { let faults: [PlannedFault] }
    private struct Journal: Decodable { let requests: [JournalEntry] }
    private struct Snapshot: Decodable { let id: String }
    private struct OpenPolls: Decodable { let open: Int }

    // MARK: outbox long-polls

    /// How many outbox long-polls are waiting in the server now: wait for it to rise (with a
    /// deadline) before acting on a poll you started, instead of sleeping and hoping it arrived.
    public func openOutboxPolls() async throws(EmulatorClientError) -> Int {
        let path = "/emulator/v1/outbox/polls"
        return try decode(OpenPolls.self, try await send("GET", path), path: path).open
    }

    // MARK: clock

    public func clock() async throws(EmulatorClientError) -> EmulatorClock {
        let path = "/emulator/v1/clock"
        return try decode(EmulatorClock.self, try await send("GET", path), path: path)
    }

    /// Moves the server clock forward (codes and tokens expire; it never goes back).
    @discardableResult
    public func advanceClock(seconds: Double) async throws(EmulatorClientError) -> EmulatorClock {
        let path = "/emulator/v1/clock"
        return try decode(
            EmulatorClock.self, try await send("POST", path, body: .object(["advance_seconds": .number(seconds)])), path: path)
    }

    // MARK: faults

    /// Plans a fault; returns every fault still pending.
    @discardableResult
    public func addFault(_ fault: PlannedFault) async throws(EmulatorClientError) -> [PlannedFault] {
        var body: [String: JSONValue] = [
            "path": .string(fault.path), "status": .number(Double(fault.status)), "count": .number(Double(fault.count)),
            "delay_ms": .number(Double(fault.delayMilliseconds)),
        ]
        if let error = fault.error { body["error"] = .string(error) }
        let path = "/emulator/v1/faults"
        return try decode(FaultList.self, try await send("POST", path, body: .object(body)), path: path).faults
    }

    public func faults() async throws(EmulatorClientError) -> [PlannedFault] {
        let path = "/emulator/v1/faults"
        return try decode(FaultList.self, try await send("GET", path), path: path).faults
    }

    public func clearFaults() async throws(EmulatorClientError) {
        _ = try await send("DELETE", "/emulator/v1/faults")
    }

    // MARK: journal, limits

    /// The last `limit` requests the server answered, oldest first.
    public func requests(limit: Int = 100) async throws(EmulatorClientError) -> [JournalEntry] {
        let path = "/emulator/v1/requests"
        let bytes = try await send("GET", path, query: [.init(name: "limit", value: String(limit))])
        return try decode(Journal.self, bytes, path: path).requests
    }

    public func limits() async throws(EmulatorClientError) -> EmulatorLimits {
        let path = "/emulator/v1/limits"
        return try decode(EmulatorLimits.self, try await send("GET", path), path: path)
    }

    // MARK: snapshots

    /// Saves the whole state; returns the id to restore it by.
    public func saveSnapshot() async throws(EmulatorClientError) -> String {
        let path = "/emulator/v1/snapshot"
        return try decode(Snapshot.self, try await send("POST", path), path: path).id
    }

    /// Puts back the state saved under `id` (outbox ids keep growing across it).
    public func restoreSnapshot(_ id: String) async throws(EmulatorClientError) {
        _ = try await send("POST", "/emulator/v1/restore", body: .object(["id": .string(id)]), missingMeansOff: false)
    }
}
