import Foundation
import Reach5Testing
import Testing

/// `HeadlessPresentation.savePassword(_:username:for:)`: a password an app test saves in the
/// presentation's keychain is the one the sheet offers for that app's configuration, both for
/// the in-process server's configuration and for the CI recipe's `127.0.0.1:<port>` domain.
@Suite struct SavedPasswordTests {
    @Test func aSavedPasswordLogsInThroughTheSheet() async throws {
        let server = try await LocalIdentityServer.start()
        do {
            let port = try #require(server.baseURL.port)
            for config in [server.sdkConfig(), SdkConfig(domain: "127.0.0.1:\(port)", clientId: server.configuration.clientId)] {
                let reachfive = ReachFive(sdkConfig: config)
                try await reachfive.initialize()
                let email = "saved-\(UUID().uuidString.prefix(8).lowercased())@example.com"
                let password = "correct horse battery staple"
                let signedUp = try await reachfive.signup(
                    profile: ProfileSignupRequest(password: password, email: email, givenName: "Ada"))
                guard case .AchievedLogin(let signedUpToken) = signedUp else {
                    Issue.record("the signup did not complete: \(signedUp)")
                    continue
                }
                let window = try HeadlessPresentation.ephemeral()
                await #expect(throws: ReachFiveError.self, "an empty keychain offers nothing") {
                    _ = try await reachfive.login(
                        withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.Password],
                        display: .IfImmediatelyAvailableCredentials)
                }
                try window.savePassword(password, username: email, for: reachfive.sdkConfig)
                let flow = try await reachfive.login(
                    withRequest: NativeLoginRequest(presenting: Presentation(from: window)), usingModalAuthorizationFor: [.Password],
                    display: .IfImmediatelyAvailableCredentials)
                guard case .AchievedLogin(let token) = flow else {
                    Issue.record("the saved password did not log in: \(flow)")
                    continue
                }
                #expect(token.user?.id == signedUpToken.user?.id)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
