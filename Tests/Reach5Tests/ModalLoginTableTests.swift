import Foundation
import IdentityServer
import Picker
import Reach5
import Vault
import XCTest

/// Apple's picker table through `login(withRequest:usingModalAuthorizationFor:display:)`: each
/// request mix × both modes × an empty or a populated keychain ends as protocol doc §9 says.
/// The user takes the first thing the sheet offers (a listed credential, else Apple's sign-up).
///
/// An XCTest, not a parallel Swift Testing case: its server runs in this process, on the shared
/// async thread pool (two threads on two cores). In the parallel run, blocking tests took both
/// threads and the table's rows waited for them (55 s in one CI log), close to the 60 s request
/// and code lifetimes. XCTest runs one test at a time, so the server always has the pool.
final class ModalLoginTableTests: XCTestCase {
    enum Keychain: String, CaseIterable, Sendable { case empty, populated }
    enum Expected: Equatable, Sendable { case tokenFor(String), authCanceled }

    struct Row: Sendable, CustomStringConvertible {
        var kinds: [ModalAuthorization]
        var mode: Mode
        var keychain: Keychain
        var description: String { "\(kinds.map { "\($0)" }.joined(separator: "+")) \(mode) \(keychain)" }

        static let passkeyUser = "passkey@example.com", passwordUser = "password@example.com", appleUser = "user@icloud.example"

        var expected: Expected {
            switch (keychain, mode) {
            case (.empty, .IfImmediatelyAvailableCredentials):
                return .authCanceled            // no local credential: no UI, .canceled
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
        return mixes.flatMap { kinds in Mode.allCases.flatMap { mode in Keychain.allCases.map { Row(kinds: kinds, mode: mode, keychain: $0) } } }
    }()

    func testTheSixteenRowPickerTable() async throws {
        XCTAssertEqual(Self.rows.count, 16)
        for row in Self.rows {
            let outcome = try await Self.outcome(of: row)
            XCTAssertEqual(outcome, row.expected, "row \(row)")
        }
    }

    /// One row on its own server and its own keychain, so no row sees another's credentials.
    static func outcome(of row: Row) async throws -> Expected {
        let window = try HeadlessPresentation.ephemeral()
        let server = try await LocalServer.start(appleKeys: try AppleIDIssuer.load(from: window.vault).jwks)
        do {
            let reachfive = server.reachFive()
            try await reachfive.initialize()
            if row.keychain == .populated {
                // A passkey (through the sheet), a saved password, and an Apple ID, all for this RP.
                _ = try await reachfive.signup(withRequest: PasskeySignupRequest(passkeyProfile: ProfilePasskeySignupRequest(email: Row.passkeyUser),
                                                                                 friendlyName: "phone", anchor: window))
                _ = try await reachfive.signup(profile: ProfileSignupRequest(email: Row.passwordUser, password: "correct horse battery staple"))
                _ = try window.vault.add(.password(PasswordItem(domain: "localhost", username: Row.passwordUser, password: "correct horse battery staple")))
                _ = try await reachfive.login(withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.SignInWithApple], display: .Always)
            }
            let outcome: Expected
            do {
                let token = try await reachfive.login(withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: row.kinds, display: row.mode)
                outcome = .tokenFor(token.user?.email ?? "-")
            } catch ReachFiveError.AuthCanceled {
                outcome = .authCanceled
            }
            await server.stop()
            return outcome
        } catch {
            await server.stop()
            throw error
        }
    }
}
