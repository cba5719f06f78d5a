import ArgumentParser
import EmulatorClient
import Foundation
@_spi(Latchkey) import Reach5
import Vault

/// Where the identity server is and which client the CLI is: `--server` (else
/// `$LATCHKEY_SERVER`, else `http://127.0.0.1:8975`), `--client-id`, and the vault that keeps
/// the session (kind "session") and, for passkeys, the keychain.
struct AccountOptions: ParsableArguments {
    @Option(help: "The identity server's base URL (default: $LATCHKEY_SERVER, else http://127.0.0.1:8975).") var server: String?
    @Option(help: "The client id.") var clientId: String = "latchkey-local"
    @Option(help: "The WebAuthn RP domain (the origin is https://DOMAIN).") var domain: String = "localhost"
    @OptionGroup var vaultOptions: VaultOptions

    var serverURL: String { ServerAddress.resolve(server) }

    func validate() throws {
        try ServerAddress.validate(serverURL)
        if let problem = SdkConfig.domainProblem(domain) { throw ValidationError("--domain: \(problem)") }
    }

    func reachFive() -> ReachFive {
        ReachFive(sdkConfig: SdkConfig(domain: domain, clientId: clientId, baseURL: URL(string: serverURL)))
    }

    /// Runs `body`, its errors mapped to the command's failures (with the documented exit codes).
    func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do { return try await body() } catch { try mapped(error) }
    }

    /// The outcome's value, or its error as the command's failure (with the documented exit code).
    private func mapped(_ error: any Error) throws -> Never {
        do { throw error } catch let error as ReachFiveError where error.isNetworkFailure {
            throw CommandFailure(.failed, "cannot reach \(serverURL): \(error.message())")
        } catch let error as ReachFiveError { throw CommandFailure(error) } catch let error as VaultError {
            throw CommandFailure(error)
        } catch let failure as CommandFailure { throw failure } catch let failure as EmulatorClientError {
            throw CommandFailure(.failed, failure.description)
        } catch {
            throw CommandFailure(.failed, "cannot reach \(serverURL): \(error.localizedDescription)")
        }
    }

    /// Keeps `token`, from a login or signup, as this server's new session, then revokes the
    /// session it replaced (best effort): the vault keeps one session per server and client, so
    /// its tokens would otherwise stay valid with no command left to end them. The new one is
    /// saved first, so a failed save leaves the old session usable rather than revoked.
    func startSession(_ token: AuthToken, user: String, in vault: Vault, _ r5: ReachFive) async throws {
        let previous = try vaultOperation { try vault.session(server: serverURL, clientId: clientId) }
        try save(token, user: user, in: vault)
        guard let old = previous?.item.authToken else { return }
        do { try await r5.revokeToken(authToken: old) } catch {
            let why = (error as? ReachFiveError).map { CommandFailure($0).message } ?? error.localizedDescription
            Console.error("note: the previous session could not be revoked (\(why)); it ends when its tokens expire")
        }
    }

    /// Keeps `token` as this server's session in the vault (replacing the previous one).
    func save(_ token: AuthToken, user: String, in vault: Vault) throws {
        let item = SessionItem(
            server: serverURL, clientId: clientId, user: user, accessToken: token.accessToken, refreshToken: token.refreshToken,
            idToken: token.idToken, tokenType: token.tokenType, expiresIn: token.expiresIn)
        let previous = try vaultOperation { try vault.session(server: serverURL, clientId: clientId) }
        _ = try vaultOperation { try vault.replace(removing: previous.map { [$0.id] } ?? [], adding: .session(item)) }
    }

    /// Runs `body` with the saved session's token, renewed as `ReachFive.withSession` renews it
    /// (refresh when expired, once more after a 401), each refreshed token saved. A session whose
    /// refresh the server refuses is removed from the vault.
    func withSession<T: Sendable>(in vault: Vault, _ r5: ReachFive, _ body: @escaping @Sendable (AuthToken) async throws -> T)
        async throws -> T
    {
        guard let saved = try vaultOperation({ try vault.session(server: serverURL, clientId: clientId) }) else {
            throw CommandFailure(.failed, "not signed in to \(serverURL): run latchkey login or latchkey signup")
        }
        let s = saved.item
        do {
            return try await r5.withSession(
                s.authToken, expired: s.isExpired(), keep: { fresh in try save(fresh, user: s.user, in: vault) }, body)
        } catch let ended as ReachFive.SessionEnded {
            try vaultOperation { try vault.remove(id: saved.id) }
            throw CommandFailure(
                .failed,
                "the session with \(serverURL) has expired or was revoked (\(CommandFailure(ended.reason).message)); run latchkey login")
        } catch {
            try mapped(error)
        }
    }
}

extension CommandFailure {
    /// ReachFive errors as exit codes: AuthCanceled 3, every other 1, with the server's message.
    init(_ error: ReachFiveError) {
        switch error {
        case .AuthCanceled: self.init(.authCanceled, "AuthCanceled")
        case .RequestError(let api): self.init(.failed, "RequestError: \(api.error ?? "-"): \(api.message())")
        case .AuthFailure(let reason, let api):
            self.init(.failed, "AuthFailure: \(api.map { "\($0.error ?? "-"): \($0.message())" } ?? reason)")
        case .TechnicalError(let reason, let api):
            self.init(.failed, "TechnicalError: \(api.map { "\($0.error ?? "-"): \($0.message())" } ?? reason)")
        }
    }
}

extension SessionItem {
    /// The saved tokens as the SDK's `AuthToken` (the user is not kept; the server knows it).
    var authToken: AuthToken {
        AuthToken(
            idToken: idToken, accessToken: accessToken, refreshToken: refreshToken, tokenType: tokenType, expiresIn: expiresIn, user: nil)
    }
}

/// What the account commands print with `--json`: the tokens (only when asked) and the user.
struct TokenSummary: Encodable {
    var user: String?
    var userId: String?
    var accessToken: String
    var refreshToken: String?
    var idToken: String?
    var tokenType: String?
    var expiresIn: Int?

    init(_ t: AuthToken) {
        user = t.user?.email ?? t.user?.phoneNumber
        userId = t.user?.id
        accessToken = t.accessToken
        refreshToken = t.refreshToken
        idToken = t.idToken
        tokenType = t.tokenType
        expiresIn = t.expiresIn
    }

    static func print(_ t: AuthToken) { Console.writeJSON(TokenSummary(t), snakeCase: true) }
}

extension AccountOptions {
    /// The account commands' exit codes, as each one's `--help` states them.
    static let exitCodes = """
        Exit codes: 0 done, 1 refused by the server or unreachable, 2 usage (also: no vault passphrase source), \
        4 wrong vault passphrase, 5 vault damaged or tampered with.
        """
}
