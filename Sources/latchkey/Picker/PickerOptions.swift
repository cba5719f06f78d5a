import ArgumentParser
import Authenticator
import Foundation
import Picker

/// How the CLI stands in for the person: `--choose` (first, cancel, user:NAME, index:N,
/// kind:passkey|password|apple), or the interactive picker when stdin and stderr are terminals.
struct PickerOptions: ParsableArguments {
    /// Every form `--choose` takes, as its help and its errors spell them.
    static let chooseForms = "first, cancel, user:NAME, index:N or kind:passkey|password|apple|hybrid"

    @Option(
        help: ArgumentHelp(
            "The user's choice: \(chooseForms) (default: interactive on a terminal; without one, create/get/login/signup take the first and hybrid phone needs --choose).",
            valueName: "choice"),
        completion: .list(["first", "cancel", "user:", "index:", "kind:passkey", "kind:password", "kind:apple", "kind:hybrid"]))
    var choose: String?

    @Option(
        help: "User verification outcome when the authenticator asks: pass, fail or unavailable.",
        completion: .list(["pass", "fail", "unavailable"]))
    var uv: String = "pass"

    @Flag(help: "Print the sheet shown and the decision (and error codes) to stderr.")
    var verbose = false

    var userVerification: UserVerificationOutcome {
        switch uv {
        case "fail": return .failed
        case "unavailable": return .unavailable
        default: return .verified
        }
    }

    func validate() throws {
        guard ["pass", "fail", "unavailable"].contains(uv) else { throw ValidationError("--uv must be pass, fail or unavailable") }
        // the parser's detail is replaced by the list of valid forms below
        if let choose, (try? PolicyUserDriver(parsing: choose)) == nil {
            throw ValidationError("--choose \(choose): not a choice; use \(Self.chooseForms)")
        }
    }

    func driver() throws -> UserDriver {
        let base: UserDriver
        if let choose {
            base = try PolicyUserDriver(parsing: choose, userVerification: userVerification)
        } else if InteractiveUserDriver.canRun(input: STDIN_FILENO, output: STDERR_FILENO) {
            base = InteractiveUserDriver(input: STDIN_FILENO, output: STDERR_FILENO, userVerification: userVerification)
        } else {
            base = PolicyUserDriver(.first, userVerification: userVerification)
        }
        return verbose ? LoggingUserDriver(base) : base
    }

    /// Why a `--choose` policy canceled, when it matched nothing on the sheet (a typo in a
    /// test's user name should not pass for a person canceling).
    private func explainCancel(_ driver: UserDriver?) {
        let policy = (driver as? PolicyUserDriver) ?? ((driver as? LoggingUserDriver)?.base as? PolicyUserDriver)
        guard let choose, let sheet = policy?.unmatchedSheet else { return }
        Console.error("note: --choose \(choose) matched nothing on the sheet, so the user canceled. The sheet offered:")
        for line in sheet.lines { Console.error("  \(line)") }
    }

    /// AuthCanceled as every picker-driven command reports it: the outcome `AuthCanceled` on
    /// stdout (it is a result, not a fault), and why on stderr (a `--choose` policy that matched
    /// nothing, the user's decline, a nearby device that never answered), exit 3.
    func canceled(_ driver: UserDriver?, detail: String? = nil) -> CommandFailure {
        explainCancel(driver)
        Console.out("AuthCanceled")
        if let detail { Console.error(detail) }
        return CommandFailure(.authCanceled, verbose && detail != nil ? "AuthCanceled" : "")
    }

    /// Ends the command for an authorization error: AuthCanceled exits 3, others 1.
    func fail(_ error: AuthorizationError, driver: UserDriver? = nil) -> CommandFailure {
        if error.code == .canceled {
            return canceled(driver, detail: "ASAuthorizationError \(error.code.rawValue) (\(error.code.name)): \(error.message)")
        }
        return CommandFailure(.failed, "ASAuthorizationError \(error.code.rawValue) (\(error.code.name)): \(error.message)")
    }
}

/// Prints each sheet and the decision to stderr (`--verbose`).
final class LoggingUserDriver: UserDriver, Sendable {
    let base: UserDriver
    init(_ base: UserDriver) { self.base = base }
    var userVerification: UserVerificationOutcome { base.userVerification }

    func choose(_ sheet: Sheet) async throws -> UserDecision {
        Console.error("sheet (\(sheet.style.rawValue)):")
        for line in sheet.lines { Console.error("  \(line)") }
        let decision = try await base.choose(sheet)
        Console.error("decision: \(decision)")
        return decision
    }
}
