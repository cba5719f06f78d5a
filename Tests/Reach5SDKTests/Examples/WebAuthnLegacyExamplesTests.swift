import EmulatorClient
import IdentityServer
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import Vault
import XCTest

/// 8.2.0's WebAuthn pages (signupWithWebAuthn, loginWithWebAuthn), which name their RP's origin,
/// `https://dev-sandbox-268508.web.app`: a server whose RP is that domain. The signup leaves a
/// passkey on the server and in the keychain; the login by email signs in with it.
final class WebAuthnLegacyExamplesTests: ExampleTestCase {
    override class func configure(_ configuration: inout ServerConfiguration) {
        configuration.rpId = "dev-sandbox-268508.web.app"
    }

    func testSignupThenLoginWithWebAuthn82() async throws {
        var mark = recorder.requests.count
        E82_signupWithWebAuthn.run()
        await settle()
        XCTAssertEqual(
            paths(since: mark),
            [
                "POST /identity/v1/webauthn/signup-options", "POST /identity/v1/webauthn/signup", "GET /oauth/authorize",
                "POST /oauth/token",
            ])
        let account = try await server.emulator.account(identifier: "john.doe@gmail.com")
        XCTAssertEqual(account?.passkeys.map(\.friendlyName), ["iPhone 11"])
        XCTAssertEqual(try window.vault.passkeys(rpId: "dev-sandbox-268508.web.app").count, 1)

        mark = recorder.requests.count
        E82_loginWithWebAuthn.run()
        await settle()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        let after = try await server.emulator.account(identifier: "john.doe@gmail.com")
        XCTAssertEqual(after?.loginsCount, 2, "the signup's login and this one")
    }
}
