import ArgumentParser
import Reach5

/// `latchkey mfa`: the signed-in account's second factors and trusted devices.
struct MfaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa", abstract: "Second factors (email, phone) and trusted devices of the signed-in account.",
        discussion: """
            Uses the session kept by latchkey login/signup. A password login of an account with a \
            factor then asks for a step-up: see latchkey login --help (--mfa, --wait-code, --trust-device).
            """,
        subcommands: [MfaListCommand.self, MfaRegisterCommand.self, MfaDeleteCommand.self, MfaDevicesCommand.self])
}

/// The factor a command names: `email`, or `phone` with `--phone`. The CLI says `phone`
/// everywhere (register, delete, `login --mfa`, its output); the API's name for the same factor,
/// `sms`, is taken as a synonym.
enum MfaFactorKind: String, ExpressibleByArgument, CaseIterable {
    case email, phone

    init?(argument: String) {
        switch argument {
        case "email": self = .email
        case "phone", "sms": self = .phone
        default: return nil
        }
    }

    init(_ type: MfaCredentialItemType) { self = type == .email ? .email : .phone }

    /// The SDK's type of the factor.
    var itemType: MfaCredentialItemType { self == .email ? .email : .sms }

    /// `--phone` goes with `phone`, and only with it.
    func validate(phone: String?) throws {
        switch self {
        case .email: guard phone == nil else { throw ValidationError("--phone goes with phone, not email") }
        case .phone: guard phone != nil else { throw ValidationError("phone needs --phone NUMBER") }
        }
    }
}
