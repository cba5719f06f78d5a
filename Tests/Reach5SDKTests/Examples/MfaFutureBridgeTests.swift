import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Future
import Reach5Testing
import XCTest

/// Code that imports `Reach5Future` gets reachfive-ios-future 10.0.1's MFA bridge forms (11.0's
/// parameters, a Future result) over `Reach5`'s disfavoured 8.2 forms.
final class MfaFutureBridgeTests: MfaExampleTestCase {
    func testTheBridgeFormsRunTheAsyncForms() async throws {
        try await signIn()
        let reachfive = AppDelegate.reachfive()
        let registering: Future<MfaStartRegistrationResponse, ReachFiveError> = reachfive.mfaStart(
            registering: .PhoneNumber("+33682234940"), authToken: profileAuthToken, action: "mfa", trustDevice: false)
        guard case .VerificationNeeded(let next) = try await registering.value() else { return XCTFail("no code needed") }
        let code = try await code(to: "+33682234940")
        let verifying: Future<MfaCredentialItem, ReachFiveError> = next.verify(code: code)
        let item = try await verifying.value()
        XCTAssertEqual(item.phoneNumber, "+33682234940")
        let listing: Future<MfaCredentialsListResponse, ReachFiveError> = reachfive.mfaListCredentials(authToken: profileAuthToken)
        let listed = try await listing.value()
        XCTAssertEqual(listed.credentials.map(\.type), [.sms])
    }
}
