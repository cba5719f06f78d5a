/// The SDK's continuation helper (11.0 utils/Async.swift): resumes with `body`'s outcome, run in
/// a new task.
extension CheckedContinuation {
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func resume(catching body: @escaping () async throws(E) -> T) {
        let work = Unchecked(value: body)
        Task {
            let outcome: Unchecked<Result<T, E>>
            do throws(E) {
                outcome = Unchecked(value: .success(try await work.value()))
            } catch {
                outcome = Unchecked(value: .failure(error))
            }
            self.resume(with: outcome.value)
        }
    }
}
