import Foundation
import Reach5

/// The same passkey login through the `Reach5` facade, as an app makes it: authentication
/// options, the picker over a vault (sheet, vault lookup, signature, counter update), HTTP
/// through URLSession, the tkn exchange. One client, as a ratio to the server-only login.
enum FacadeBench {
    static func row(baseURL: String, seconds: Double, serverOnly: Double?) async throws -> BenchRow {
        let login = try await signUp(baseURL: baseURL)
        try await login() // warm: the connection, the vault's caches
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        var count = 0
        while clock.now < deadline {
            try await login()
            count += 1
        }
        let rate = Double(count) / (clock.now - start).seconds
        return BenchRow(
            name: "facade-passkey-login", perSecond: rate, baseline: serverOnly == nil ? nil : "passkey-login-1-client",
            ratio: serverOnly.map { rate / $0 })
    }

    /// Signs a new account up with a passkey through the facade, in a vault of its own, and
    /// returns its login (modal, passkeys only, immediately available credentials).
    static func signUp(baseURL: String) async throws -> () async throws -> Void {
        let window = try HeadlessPresentation.ephemeral()
        let r5 = ReachFive(
            sdkConfig: SdkConfig(domain: "localhost", clientId: PasskeyLoginClient.clientId, baseURL: URL(string: baseURL)))
        _ = try await r5.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "facade-\(UUID().uuidString.prefix(8))@example.com"),
                friendlyName: "bench", presenting: Presentation(from: window), scopes: ["openid"]))
        let request = NativeLoginRequest(presenting: Presentation(from: window), scopes: ["openid"])
        return {
            _ = try await r5.login(
                withRequest: request, usingModalAuthorizationFor: [.Passkey], display: .IfImmediatelyAvailableCredentials)
        }
    }
}
