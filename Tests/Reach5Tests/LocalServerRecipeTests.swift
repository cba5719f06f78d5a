import Foundation
import Testing

@testable import Reach5

/// docs/reach5.md's recipe for a server CI starts: `SdkConfig(domain: "127.0.0.1:<port>", clientId:)`
/// and nothing else. A passkey signup and login must work as written, so the stand-in's default
/// WebAuthn origin has to be one the local server's relying party allows.
@Suite struct LocalServerRecipeTests {
    @Test func aPasskeySignsUpAndLogsInWithTheRecipeAsWritten() async throws {
        let server = try await LocalServer.start()
        do {
            let port = try #require(server.baseURL.port)
            let config = SdkConfig(domain: "127.0.0.1:\(port)", clientId: server.env.configuration.clientId)
            #expect(config.originWebAuthn == "https://localhost")
            let reachfive = ReachFive(sdkConfig: config)
            try await reachfive.initialize()
            let window = try HeadlessPresentation.ephemeral()
            let signedUp = try await reachfive.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: "recipe@example.com"), friendlyName: "phone",
                    presenting: Presentation(from: window)))
            let flow = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.Passkey],
                display: .IfImmediatelyAvailableCredentials)
            guard case .AchievedLogin(let loggedIn) = flow else {
                Issue.record("the passkey login did not complete: \(flow)")
                await server.stop()
                return
            }
            #expect(loggedIn.user?.id == signedUp.user?.id)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
