import Foundation
import Picker
import Testing
import Vault

@_spi(ReachFive82) @testable import Reach5

/// 8.2's public `CredentialManager`, the delegate of every sheet `ReachFive` shows: what its
/// delegate methods are told is what the flow resumes with, mapped to the SDK's errors, and a
/// controller it did not start changes nothing.
@Suite struct CredentialManagerTests {
    private static func manager() -> CredentialManager {
        let config = SdkConfig(domain: "auth.example.com", clientId: "client")
        return CredentialManager(reachFiveApi: ReachFiveApi(sdkConfig: config), storage: UserDefaultsStorage())
    }

    private static func presentation(_ policy: PolicyUserDriver.Policy, saving password: String? = nil) throws -> HeadlessPresentation {
        let window = try HeadlessPresentation.ephemeral(policy)
        if let password {
            _ = try window.vault.add(
                .password(PasswordItem(domain: "https://auth.example.com", username: "ada@example.com", password: password)))
        }
        return window
    }

    @Test func theChosenPasswordReachesTheDelegateAndResumesTheFlow() async throws {
        let window = try Self.presentation(.first, saving: "correct horse")
        let result = try await Self.manager().perform(
            [.password], mode: .always, origin: "https://auth.example.com", presentation: window)
        guard case .password(let username, let password) = result else {
            Issue.record("expected a password, got \(result)")
            return
        }
        #expect(username == "ada@example.com")
        #expect(password == "correct horse")
    }

    @Test func aDismissedSheetEndsInAuthCanceledAndAnEmptyBatchIsRefused() async throws {
        let manager = Self.manager()
        let window = try Self.presentation(.cancel, saving: "correct horse")
        #expect(
            await Self.error(of: {
                try await manager.perform([.password], mode: .always, origin: "https://auth.example.com", presentation: window)
            }) == "AuthCanceled")
        // Nothing saved and an immediate request: no UI, canceled at once, as on iOS.
        let empty = try Self.presentation(.first)
        let immediate = await Self.error {
            try await manager.perform(
                [.password], mode: .ifImmediatelyAvailableCredentials, origin: "https://auth.example.com", presentation: empty)
        }
        #expect(immediate == "AuthCanceled")
        let none = await Self.error {
            try await manager.perform([], mode: .always, origin: "https://auth.example.com", presentation: empty)
        }
        #expect(none == "\(ReachFive.noRequest)")
    }

    /// How `body` failed, as the error's description (nil when it did not).
    private static func error(of body: () async throws -> AuthorizationResult) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as ReachFiveError {
            if case .AuthCanceled = error { return "AuthCanceled" }
            return "\(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aControllerTheManagerDidNotStartIsIgnored() async throws {
        let manager = Self.manager()
        let stranger = ASAuthorizationController(requests: [.password], mode: .always, origin: "https://auth.example.com")
        manager.authorizationController(controller: stranger, didCompleteWithError: AuthorizationError(.canceled, "stranger"))
        manager.authorizationController(
            controller: stranger, didCompleteWithAuthorization: ASAuthorization(ASPasswordCredential(user: "eve", password: "x")))
        // The manager's own request is unaffected by what the stranger reported.
        let window = try Self.presentation(.first, saving: "correct horse")
        let result = try await manager.perform([.password], mode: .always, origin: "https://auth.example.com", presentation: window)
        guard case .password(let username, _) = result else {
            Issue.record("expected a password, got \(result)")
            return
        }
        #expect(username == "ada@example.com")
    }

    @Test func anAuthorizationCarriesThePickersAnswerBothWays() {
        let authorization = ASAuthorization(AuthorizationResult.password(username: "ada@example.com", password: "pw"))
        let credential = authorization.credential as? ASPasswordCredential
        #expect(credential?.user == "ada@example.com")
        #expect(credential?.password == "pw")
        guard case .password(let username, let password)? = authorization.result else {
            Issue.record("the authorization lost its password")
            return
        }
        #expect(username == "ada@example.com" && password == "pw")
    }

    @Test func aControllerWithoutAContextProviderFailsWithFailed() async {
        final class Recorder: ASAuthorizationControllerDelegate, @unchecked Sendable {
            var error: Error?
            func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) { self.error = error }
        }
        let recorder = Recorder()
        let controller = ASAuthorizationController(requests: [.password], mode: .always, origin: "https://auth.example.com")
        controller.delegate = recorder
        await controller.perform()
        #expect((recorder.error as? ASAuthorizationError)?.code == .failed)
    }
}
