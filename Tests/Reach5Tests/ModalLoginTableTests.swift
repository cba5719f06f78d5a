import Encoding
import Foundation
import Picker
import Reach5
import TestSupport
import Testing
import Vault

/// Apple's picker table through `login(withRequest:usingModalAuthorizationFor:display:)`: each
/// request mix × both modes × an empty or a populated keychain ends as protocol doc §9 says.
/// The user takes the first thing the sheet offers (a listed credential, else Apple's sign-up).
///
/// Each row's server is a `latchkey serve` process of its own. In this process it would share
/// the async thread pool (two threads on two cores) with the parallel run's blocking tests, which
/// once held both threads for most of a minute, close to the 60 s request and code lifetimes.
/// Its grants live an hour, so a starved client still finds them valid.
struct ModalLoginTableTests {
    enum Keychain: String, CaseIterable, Sendable { case empty, populated }
    enum Expected: Equatable, Sendable {
        case tokenFor(String)
        case authCanceled
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var kinds: [ModalAuthorization]
        var mode: Mode
        var keychain: Keychain
        var testDescription: String { "\(kinds.map { "\($0)" }.joined(separator: "+")) \(mode) \(keychain)" }

        static let passkeyUser = "passkey@example.com", passwordUser = "password@example.com", appleUser = "user@icloud.example"

        var expected: Expected {
            switch (keychain, mode) {
            case (.empty, .IfImmediatelyAvailableCredentials):
                return .authCanceled // no local credential: no UI, .canceled
            case (.empty, .Always):
                // A passkey request offers only a nearby device (declined); a password alone shows
                // nothing; Sign in with Apple offers its sign-up sheet, taken.
                return kinds.contains(.SignInWithApple) ? .tokenFor(Self.appleUser) : .authCanceled
            case (.populated, _):
                // The sheet lists local credentials in request order; the first is taken.
                switch kinds[0] {
                case .Passkey: return .tokenFor(Self.passkeyUser)
                case .Password: return .tokenFor(Self.passwordUser)
                case .SignInWithApple: return .tokenFor(Self.appleUser)
                }
            }
        }
    }

    static let rows: [Row] = {
        let mixes: [[ModalAuthorization]] = [[.Passkey], [.Password], [.SignInWithApple], [.Passkey, .Password, .SignInWithApple]]
        return mixes.flatMap { kinds in
            Mode.allCases.flatMap { mode in Keychain.allCases.map { Row(kinds: kinds, mode: mode, keychain: $0) } }
        }
    }()

    @Test("the 16-row picker table", arguments: rows)
    func row(_ row: Row) async throws {
        let window = try HeadlessPresentation.ephemeral()
        let config = try ScratchDirectory.make("modal-login").appendingPathComponent("config.json")
        let settings: JSONValue = .object([
            "password_hash_log_n": .number(10), "emulator_api": .bool(true),
            "lifetimes": .object(["tkn": .number(3600), "authorization_code": .number(3600)]),
            "apple": .object(["jwks": .string(try AppleIDIssuer.load(from: window.vault).jwks)]),
        ])
        try Data(JSONText.serialize(settings).utf8).write(to: config)
        let server = try ServeProcess.start(["--in-memory", "--config", config.path])
        defer { _ = server.terminate() }
        let reachfive = ReachFive(
            sdkConfig: SdkConfig(domain: "localhost", clientId: "latchkey-local", baseURL: URL(string: server.baseURL)))
        try await reachfive.initialize()
        if row.keychain == .populated {
            // A passkey (through the sheet), a saved password, and an Apple ID, all for this RP.
            _ = try await reachfive.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: Row.passkeyUser),
                    friendlyName: "phone", anchor: window))
            _ = try await reachfive.signup(profile: ProfileSignupRequest(email: Row.passwordUser, password: "correct horse battery staple"))
            _ = try window.vault.add(
                .password(PasswordItem(domain: "localhost", username: Row.passwordUser, password: "correct horse battery staple")))
            _ = try await reachfive.login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.SignInWithApple], display: .Always)
        }
        let outcome: Expected
        do {
            let token = try await reachfive.login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: row.kinds, display: row.mode)
            outcome = .tokenFor(token.user?.email ?? "-")
        } catch ReachFiveError.AuthCanceled {
            outcome = .authCanceled
        }
        #expect(outcome == row.expected)
    }
}
