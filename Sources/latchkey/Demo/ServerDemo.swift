import EmulatorClient
import Encoding
import Foundation
import IdentityServer
import Picker
import Reach5
import Synchronization
import Vault

/// `latchkey demo`: the whole story through the `Reach5` facade against an identity server
/// started in this process on an ephemeral loopback port. Each step says what the app called,
/// what went over the wire (from the server's own request journal) and what came back.
struct ServerDemo {
    let scratch = TemporaryVaults()

    func run() async throws {
        defer { scratch.removeAll() }
        try await story()
    }

    private func story() async throws {
        var configuration = ServerConfiguration()
        configuration.emulatorAPI = true
        let server = try await IdentityServerApplication.start(configuration: configuration, logLevel: .critical)
        do {
            try await story(server, configuration)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func story(_ server: RunningServer, _ configuration: ServerConfiguration) async throws {
        let r5 = ReachFive(
            sdkConfig: SdkConfig(domain: "localhost", clientId: configuration.clientId, baseURL: URL(string: server.baseURL)))
        let wire = JournalReader(emulator: try EmulatorClient(baseURL: server.baseURL))

        Console.out(
            "Latchkey demo: the ReachFive SDK's calls, headless, against `latchkey serve` at \(server.baseURL) (in this process, in memory)"
        )
        Console.out("")
        try await step("0. initialize(): the client's configuration and providers", wire) {
            try await r5.initialize()
            return "scopes: \(r5.scope.joined(separator: " "))"
        }

        let alice = "alice@example.com"
        let aliceToken = try await step("1. signup(profile:) with a password", wire) {
            guard
                case .AchievedLogin(let token) = try await r5.signup(
                    profile: ProfileSignupRequest(password: "correct horse battery staple", email: alice, givenName: "Alice"))
            else { throw ReachFiveError.AuthFailure(reason: "AwaitingIdentifierVerification: the server requires a verified email first") }
            return (
                token,
                "AuthToken for \(token.user?.email ?? "-") (id \(token.user?.id ?? "-")), email_verified \(token.user?.emailVerified.map(String.init) ?? "-")"
            )
        }

        try await step("2. sendEmailVerification, the code from the emulator's outbox, verifyEmail", wire) {
            let sent = try await r5.sendEmailVerification(authToken: aliceToken)
            guard case .VerificationNeeded = sent else { return "the address was already verified" }
            let code = try await wire.outboxCode(to: alice)
            try await r5.verifyEmail(authToken: aliceToken, code: code, email: alice)
            let profile = try await r5.getProfile(authToken: aliceToken)
            return
                "VerificationNeeded; code \(code) read from the outbox; email_verified is now \(profile.emailVerified.map(String.init) ?? "-")"
        }

        let bob = "bob@example.com"
        let device = try HeadlessPresentation(vault: try scratch.makeVault(), user: PolicyUserDriver(.first))
        let bobToken = try await step("3. signup(withRequest: PasskeySignupRequest): a passkey made through the picker", wire) {
            let token = try await r5.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: bob, givenName: "Bob", familyName: "Builder"), friendlyName: bob,
                    presenting: Presentation(from: device)))
            let kept = try device.vault.items(kind: .passkey).count
            return (
                token, "AuthToken for \(token.user?.email ?? "-"); this device's keychain (an encrypted vault) now holds \(kept) passkey"
            )
        }

        try await step(
            "4. login(withRequest:usingModalAuthorizationFor: [.Passkey, .Password], display: .IfImmediatelyAvailableCredentials)", wire
        ) {
            let flow = try await r5.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: device)), usingModalAuthorizationFor: [.Passkey, .Password],
                display: .IfImmediatelyAvailableCredentials)
            guard case .AchievedLogin(let token) = flow else { throw CommandFailure(.failed, "the passkey login asked for a step-up") }
            return "the passkey was found locally: LoginFlow.AchievedLogin, AuthToken for \(token.user?.email ?? "-")"
        }

        try await step("5. the same login on a device with an empty keychain", wire) {
            let empty = try HeadlessPresentation(vault: try scratch.makeVault(), user: PolicyUserDriver(.first))
            do {
                _ = try await r5.login(
                    withRequest: NativeLoginRequest(presenting: Presentation(from: empty)),
                    usingModalAuthorizationFor: [.Passkey, .Password],
                    display: .IfImmediatelyAvailableCredentials)
                throw CommandFailure(.failed, "the empty keychain produced a login")
            } catch ReachFiveError.AuthCanceled {
                return "nothing local, so no sheet and no assertion: ReachFiveError.AuthCanceled, as on a phone"
            }
        }

        try await step("6. updateProfile(profileUpdate: ProfileUpdate(familyName: .Delete, nickname: .Update(\"bob\")))", wire) {
            let profile = try await r5.updateProfile(
                authToken: bobToken, profileUpdate: ProfileUpdate(familyName: .Delete, nickname: .Update("bob")))
            return
                "family_name \(profile.familyName ?? "gone"), nickname \(profile.nickname ?? "-"), given_name \(profile.givenName ?? "-")"
        }
        Console.out("Done: password and passkey signups, email verification and logins ran without a phone, a browser or a person.")
    }

    /// Prints the step's title, runs it, then the requests the server saw and the outcome.
    @discardableResult
    private func step<T>(_ title: String, _ wire: JournalReader, _ body: () async throws -> (T, String)) async throws -> T {
        Console.out(title)
        let (value, outcome) = try await body()
        for line in try await wire.newRequests() { Console.out("   sent \(line)") }
        Console.out("   got  \(TerminalText.escaped(outcome))")
        Console.out("")
        return value
    }

    private func step(_ title: String, _ wire: JournalReader, _ body: () async throws -> String) async throws {
        try await step(title, wire) { ((), try await body()) }
    }
}

/// The server's request journal and outbox, read over its emulator API as a test would.
private final class JournalReader: Sendable {
    let emulator: EmulatorClient
    private let seen = Mutex(0)

    init(emulator: EmulatorClient) { self.emulator = emulator }

    /// The requests answered since the last call, as `METHOD path → status` (secrets redacted).
    func newRequests() async throws -> [String] {
        let all = try await emulator.requests(limit: 1000)
        let before = seen.withLock { seen in
            defer { seen = all.count }
            return seen
        }
        return all.dropFirst(before).filter { $0.path != "/emulator/v1/requests" }.map { "\($0.method) \($0.path) → \($0.status)" }
    }

    func outboxCode(to address: String) async throws -> String {
        do { return try await emulator.latestCode(to: address, timeout: .zero) } catch EmulatorClientError.noMessage {
            throw CommandFailure(.failed, "no code was sent to \(address)")
        }
    }
}
