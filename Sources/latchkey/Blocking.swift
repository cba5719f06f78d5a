import Dispatch

/// Runs async library code to its end from a synchronous command (the CLI's commands are
/// synchronous so that `main.swift` owns every exit code). Blocks the calling thread only.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, Error> {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.value = .success(try await body()) } catch { box.value = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Written by the task before the semaphore is signalled, read after the wait: never concurrently.
private final class ResultBox<T>: @unchecked Sendable { var value: Result<T, Error>? }
