// The `Reach5Future` bridge (ReachFive/reachfive-ios-future 10.x): Future forms of the async SDK
// for code that imports it. `Reach5` itself keeps the 8.2 Future forms (disfavoured overloads);
// where the bridge's result type differs (`signup` gives `SignupFlow`), the forms declared in this
// module are the ones such code gets.
@_exported import Reach5

/// The bridge's one helper (Utils/FutureBridge.swift): a Future completed by `resolver`'s outcome.
/// A failure that is not a `ReachFiveError` arrives as a `TechnicalError` (the bridge would crash
/// on its forced cast).
public func bridge<T>(resolver: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
    Future(resolver)
}
