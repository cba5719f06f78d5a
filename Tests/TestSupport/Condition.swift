/// Waits until `condition` holds, looking every few milliseconds, or until `deadline` passes:
/// for an event a test can observe but not be told of (a request that reached a server). True
/// when it held; a test fails on false rather than going on with a guess.
public func eventually(within deadline: Duration = .seconds(60), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + deadline
    while clock.now < end {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10)) // cancelled: look once more, then report
    }
    return try await condition()
}
