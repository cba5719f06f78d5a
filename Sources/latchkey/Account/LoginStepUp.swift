import ArgumentParser
import EmulatorClient
import Foundation
import Reach5

/// How `latchkey login` meets an MFA step-up (`LoginFlow.OngoingStepUp`): the factor to send
/// the code to, where the code comes from, and whether to trust this device (vault) afterwards.
struct LoginStepUpOptions: ParsableArguments {
    @Option(help: "If the server asks for a step-up, send the code to this factor: email or phone.", completion: .list(["email", "phone"]))
    var mfa: MfaFactorKind?
    @OptionGroup var codeOptions: MfaCodeOptions
    @Flag(help: "After the step-up, trust this device (the vault keeps its cookie): its next logins skip the step-up.")
    var trustDevice = false

    func validate() throws {
        if mfa == nil && (codeOptions.code != nil || codeOptions.waitCode || trustDevice) {
            throw ValidationError("--code, --wait-code and --trust-device go with --mfa email|phone")
        }
    }

    /// Completes the step-up the login answered, with `r5` (which holds the login's PKCE).
    func complete(token stepUpToken: String, available: [MfaCredentialItemType], r5: ReachFive, server: String) async throws -> AuthToken {
        let offered = available.map { MfaFactorKind($0).rawValue }.joined(separator: ", ")
        let factor: MfaCredentialItemType
        if let mfa {
            factor = mfa.itemType
        } else if isatty(STDIN_FILENO) == 1, let first = available.first {
            factor = first
        } else {
            throw CommandFailure(
                .failed,
                "the server asks for a second factor (MFA step-up; the account has: \(offered.isEmpty ? "-" : offered)): "
                    + "pass --mfa email|phone with --wait-code or --code CODE (and --trust-device to skip it next time)")
        }
        if !available.isEmpty && !available.contains(factor) {
            throw CommandFailure(
                .failed, "the account has no \(MfaFactorKind(factor).rawValue) factor for the step-up (it has: \(offered))")
        }
        let cursor = try await codeOptions.outboxCursor(server: server)
        let started = try await r5.mfaStart(stepUp: .LoginFlow(authType: factor, stepUpToken: stepUpToken))
        guard
            let code = try await codeOptions.obtain(
                server: server, after: cursor, channel: factor == .sms ? .sms : .email, recipient: nil, challenge: started.challengeId)
        else {
            throw CommandFailure(
                .failed, "the step-up code was sent by \(factor == .sms ? "SMS" : "email"); pass it with --code CODE or use --wait-code")
        }
        return try await started.verify(code: code, trustDevice: trustDevice)
    }
}
