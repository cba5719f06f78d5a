import ArgumentParser
import Authenticator

/// `latchkey demo`: the ReachFive story against an in-process server, or with `--local` the
/// authenticator's own account of one registration and one sign-in.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Show the whole login story (signups, email verification, passkey logins, AuthCanceled, a profile Delete) against an in-process server.",
        discussion: """
            The default story runs the ReachFive SDK's calls (the Reach5 facade) against an identity \
            server started in this process on a free loopback port, and prints for each step what was \
            called, the requests the server answered, and the outcome. Nothing outlives the run.

            --local instead registers a passkey for a sample RP and signs in with it, explaining the \
            client data, authenticator flags, counter and the RP's signature check; --profile and \
            --store apply to it.
            """
    )

    @Flag(help: "Explain one registration and sign-in in detail, with no server.")
    var local = false

    @Option(
        help: "With --local: authenticator profile, icloud (the default) or security-key.", completion: .list(CompletionValues.profiles))
    var profile: String?

    @Option(
        help: "With --local: where the passkey lives, vault (a temporary encrypted vault, the default) or memory.",
        completion: .list(["vault", "memory"]))
    var store: String?

    func validate() throws {
        guard local || (profile == nil && store == nil) else { throw ValidationError("--profile and --store go with --local") }
        guard AuthenticatorProfile.named(profile ?? "icloud") != nil else {
            throw ValidationError("unknown profile '\(profile ?? "")' (use icloud or security-key)")
        }
        guard ["vault", "memory"].contains(store ?? "vault") else { throw ValidationError("--store must be vault or memory") }
    }

    func run() async throws {
        if local { try await LocalDemo(profile: profile ?? "icloud", store: store ?? "vault").run() } else { try await ServerDemo().run() }
    }
}
