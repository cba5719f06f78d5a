import Encoding
import Foundation
import Picker
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import SQLite
import TestSupport
import Testing
import Vault

@testable import IdentityServer

/// Apple's picker table through `login(withRequest:usingModalAuthorizationFor:display:)`: each
/// request mix × both modes × an empty or a populated keychain ends as docs/design/reachfive-protocol.md §9 says.
/// The user takes the first thing the sheet offers (a listed credential, else Apple's sign-up).
///
/// Each row's server runs in this process with its normal lifetimes, on its own executor; the
/// row's client runs on one of its own too, so the parallel run's blocking tests, holding the
/// Swift-concurrency pool's two threads, delay neither side.
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

    /// The rows' client side: the server's kind of executor, Dispatch's threads.
    static let clientExecutor = BlockingExecutor(label: "latchkey.tests.modal-login", width: .unbounded)

    @Test("the 16-row picker table", arguments: rows)
    func row(_ row: Row) async throws {
        try await withTaskExecutorPreference(Self.clientExecutor) { try await run(row) }
    }

    func run(_ row: Row) async throws {
        let window = try HeadlessPresentation.ephemeral()
        let server = try await LocalServer.start(appleKeys: try AppleIDIssuer.load(from: window.vault).jwks)
        let result: Expected
        do {
            result = try await outcome(of: row, on: server, window: window)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(result == row.expected)
    }

    func outcome(of row: Row, on server: LocalServer, window: HeadlessPresentation) async throws -> Expected {
        let reachfive = server.reachFive()
        try await reachfive.initialize()
        if row.keychain == .populated {
            // A passkey (through the sheet), a saved password, and an Apple ID, all for this RP.
            _ = try await reachfive.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: Row.passkeyUser),
                    friendlyName: "phone", presenting: Presentation(from: window)))
            _ = try await reachfive.signup(profile: ProfileSignupRequest(email: Row.passwordUser, password: "correct horse battery staple"))
            _ = try window.vault.add(
                .password(PasswordItem(domain: "localhost", username: Row.passwordUser, password: "correct horse battery staple")))
            _ = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.SignInWithApple],
                display: .Always)
        }
        do {
            let flow = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: row.kinds,
                display: row.mode)
            guard case .AchievedLogin(let token) = flow else { return .tokenFor("step-up") }
            return .tokenFor(token.user?.email ?? "-")
        } catch ReachFiveError.AuthCanceled {
            return .authCanceled
        }
    }
}
