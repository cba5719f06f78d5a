import Foundation
import Picker

/// The sheet's delegate (8.2's public `CredentialManager`; internal at 11.0): every native flow
/// of `ReachFive` shows its requests through an `ASAuthorizationController` whose delegate and
/// presentation context provider this is, and resumes with what the delegate methods were told,
/// as the SDK does on iOS. A controller this manager did not start is ignored when it completes
/// (the SDK's promises are already settled or were never made).
#if !ReachFive82
    @_spi(ReachFive82)
#endif
public final class CredentialManager: NSObject, @unchecked Sendable {
    let reachFiveApi: ReachFiveApi
    let storage: Storage

    /// A controller this manager is performing: where it shows and, once told, how it ended.
    private struct Pending {
        let presentation: HeadlessPresentation
        var outcome: Result<AuthorizationResult, ReachFiveError>?
    }
    private var pending: [ObjectIdentifier: Pending] = [:]
    private let lock = NSLock()

    public init(reachFiveApi: ReachFiveApi, storage: Storage) {
        self.reachFiveApi = reachFiveApi
        self.storage = storage
    }

    /// Shows `batch` on `presentation`'s sheet and answers what the user chose, with the SDK's
    /// errors: `canceled` → `AuthCanceled`; another code → `TechnicalError`; the calling task
    /// cancelled → `TechnicalError`, deliberately not `AuthCanceled`.
    func perform(_ batch: [AuthorizationRequest], mode: DisplayMode, origin: String, presentation: HeadlessPresentation) async throws
        -> AuthorizationResult
    {
        guard !batch.isEmpty else { throw ReachFive.noRequest }
        if Task.isCancelled { throw Self.callerCanceled }
        let controller = ASAuthorizationController(requests: batch, mode: mode, origin: origin)
        controller.delegate = self
        controller.presentationContextProvider = self
        let key = ObjectIdentifier(controller)
        lock.withLock { pending[key] = Pending(presentation: presentation) }
        await controller.perform()
        // Held to here: a controller freed after `perform()` could give its address, and so its
        // key, to another request's controller before this entry is removed.
        let outcome = withExtendedLifetime(controller) { lock.withLock { pending.removeValue(forKey: key)?.outcome } }
        if Task.isCancelled { throw Self.callerCanceled }
        guard let outcome else { throw ReachFiveError.TechnicalError(reason: "the authorization controller did not complete") }
        return try outcome.get()
    }

    private static let callerCanceled = ReachFiveError.TechnicalError(reason: "The calling task was canceled")

    /// Records how `controller` ended, if this manager is performing it and was not yet told.
    private func complete(_ controller: ASAuthorizationController, with outcome: Result<AuthorizationResult, ReachFiveError>) {
        let key = ObjectIdentifier(controller)
        lock.withLock {
            guard pending[key] != nil, pending[key]?.outcome == nil else { return }
            pending[key]?.outcome = outcome
        }
    }
}

extension CredentialManager: ASAuthorizationControllerPresentationContextProviding {
    /// The presentation the controller's request was started on. A controller this manager did
    /// not start has none; on iOS that is a crash (`authenticationAnchor!`), here a precondition.
    public func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        guard let presentation = lock.withLock({ pending[ObjectIdentifier(controller)]?.presentation }) else {
            preconditionFailure("presentationAnchor(for:): this CredentialManager did not start that controller")
        }
        return presentation
    }
}

extension CredentialManager: ASAuthorizationControllerDelegate {
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    {
        guard let result = authorization.result else {
            return complete(controller, with: .failure(.TechnicalError(reason: "didCompleteWithAuthorization: an unknown credential type")))
        }
        complete(controller, with: .success(result))
    }

    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {
        guard let authorizationError = error as? ASAuthorizationError else {
            return complete(controller, with: .failure(.TechnicalError(reason: "\(error.localizedDescription)")))
        }
        if authorizationError.code == .canceled {
            complete(controller, with: .failure(.AuthCanceled))
        } else {
            complete(
                controller,
                with: .failure(
                    .TechnicalError(reason: "ASAuthorizationError \(authorizationError.code.rawValue): \(authorizationError.message)")))
        }
    }
}
