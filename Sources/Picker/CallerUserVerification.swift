import Authenticator

/// Routes the authenticator's user-verification question to the user driver of the picker
/// call that is running on this task or thread. A task-local value, not a shared property:
/// concurrent `perform` calls each reach their own user.
final class CallerUserVerification: UserVerification, Sendable {
    @TaskLocal static var driver: UserDriver?

    var isAvailable: Bool { (Self.driver?.userVerification ?? .verified) != .unavailable }

    func verifyUser(_ context: UserVerificationContext) -> UserVerificationOutcome {
        Self.driver?.userVerification ?? .verified
    }
}

extension CredentialPicker {
    /// Runs `body` with `user` answering the authenticator's user-verification questions, for
    /// authenticator work that no `perform` surrounds (a phone answering a hybrid request).
    public func withUser<T>(_ user: UserDriver, _ body: () async -> T) async -> T {
        await CallerUserVerification.$driver.withValue(user, operation: body)
    }
}
