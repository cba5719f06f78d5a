import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// mfaStart(stepUp:) / mfaVerify(stepUp:) / trusted devices: a password login of an account with a
/// factor steps up; the step-up sends a code to the factor; verifying it gives the tokens (the
/// code exchanged at /oauth/token) and, with `trustDevice: true`, trusts the device, listed by
/// mfaListTrustedDevices and removed by mfaDelete(trustedDeviceId:).
final class MfaStepUpExamplesTests: MfaExampleTestCase {
    private func checkStepUpCodeSent(since cursor: Int64, mark: Int, expecting: [String]) async throws {
        XCTAssertEqual(paths(since: mark), expecting)
        let codes = try await sent(to: Self.email, after: cursor).compactMap(\.code)
        XCTAssertEqual(codes.count, 1, "one code to the email factor")
    }

    func testStartLoginFlow110() async throws {
        try await signInWithEmailFactor()
        try await loginStepsUp()
        let (cursor, mark) = (try await server.emulator.outboxCursor(), recorder.requests.count)
        await E110_mfaStartWithStepUpLoginFlow.run()
        try await checkStepUpCodeSent(since: cursor, mark: mark, expecting: ["POST /identity/v1/passwordless/start"])
    }

    func testStartLoginFlow82() async throws {
        try await signInWithEmailFactor()
        try await loginStepsUp()
        let (cursor, mark) = (try await server.emulator.outboxCursor(), recorder.requests.count)
        E82_mfaStartWithStepUpLoginFlow.run()
        await settle()
        try await checkStepUpCodeSent(since: cursor, mark: mark, expecting: ["POST /identity/v1/passwordless/start"])
    }

    func testStartAuthTokenFlow110() async throws {
        try await signInWithEmailFactor()
        let (cursor, mark) = (try await server.emulator.outboxCursor(), recorder.requests.count)
        await E110_mfaStartWithStepUp.run()
        try await checkStepUpCodeSent(
            since: cursor, mark: mark, expecting: ["POST /identity/v1/mfa/stepup", "POST /identity/v1/passwordless/start"])
    }

    func testStartAuthTokenFlow82() async throws {
        try await signInWithEmailFactor()
        let (cursor, mark) = (try await server.emulator.outboxCursor(), recorder.requests.count)
        E82_mfaStartWithStepUp.run()
        await settle()
        try await checkStepUpCodeSent(
            since: cursor, mark: mark, expecting: ["POST /identity/v1/mfa/stepup", "POST /identity/v1/passwordless/start"])
    }

    /// Verifies (the example) then checks the tokens were issued and the device is trusted.
    private func verifyThenCheck(_ run: () async -> Void) async throws {
        try await signInWithEmailFactor()
        try await startStepUp()
        let before = try await server.emulator.account(identifier: Self.email)?.loginsCount ?? 0
        let mark = recorder.requests.count
        await run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/passwordless/verify", "POST /oauth/token"])
        let observed1 = try await server.emulator.account(identifier: Self.email)?.loginsCount
        XCTAssertEqual(observed1, before + 1)
        let devices = try await AppDelegate.reachfive().mfaListTrustedDevices(authToken: profileAuthToken)
        XCTAssertEqual(devices.count, 1)
        deviceId = devices.first?.id
    }

    func testVerify110() async throws { try await verifyThenCheck { await E110_mfaVerifyWithStepUp.run() } }

    /// "Trust this device": the same app's next password login skips the step-up (the server's
    /// trusted-device cookie, kept by the app's URL session); after the device is deleted it steps up again.
    func testATrustedDeviceSkipsTheNextStepUp() async throws {
        try await verifyThenCheck { await E110_mfaVerifyWithStepUp.run() }
        let again = try await AppDelegate.reachfive().loginWithPassword(email: Self.email, password: Self.password)
        guard case .AchievedLogin = again else { return XCTFail("a trusted device stepped up: \(again)") }
        try await AppDelegate.reachfive().mfaDelete(trustedDeviceId: deviceId, authToken: profileAuthToken)
        try await loginStepsUp()
    }

    func testVerify82() async throws {
        try await verifyThenCheck {
            E82_mfaVerifyWithStepUp.run()
            await settle()
        }
    }

    func testTrustedDevices110() async throws {
        try await verifyThenCheck { await E110_mfaVerifyWithStepUp.run() }
        var mark = recorder.requests.count
        await E110_mfaListTrustedDevices.run()
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/mfa/trusteddevices"])
        mark = recorder.requests.count
        await E110_mfaDeleteTrustedDevice.run()
        XCTAssertEqual(paths(since: mark), ["DELETE /identity/v1/mfa/trusteddevices/\(deviceId!)"])
        let observed2 = try await AppDelegate.reachfive().mfaListTrustedDevices(authToken: profileAuthToken).isEmpty
        XCTAssertTrue(observed2)
    }

    func testTrustedDevices82() async throws {
        try await verifyThenCheck { await E110_mfaVerifyWithStepUp.run() }
        E82_mfaListTrustedDevices.run()
        await settle()
        E82_mfaDeleteTrustedDevice.run()
        await settle()
        let observed3 = try await AppDelegate.reachfive().mfaListTrustedDevices(authToken: profileAuthToken).isEmpty
        XCTAssertTrue(observed3)
    }

    /// A wrong code gives no tokens; the right one still works after it (the code survives a miss
    /// under the guess limit), and once used it is spent.
    func testWrongStepUpCode() async throws {
        try await signInWithEmailFactor()
        try await startStepUp()
        let reachfive = AppDelegate.reachfive()
        do {
            _ = try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: challengeId, verificationCode: "000000"))
            XCTFail("a wrong code gave tokens")
        } catch ReachFiveError.RequestError {}
        _ = try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: challengeId, verificationCode: verificationCode))
        do {
            _ = try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: challengeId, verificationCode: verificationCode))
            XCTFail("a used code gave tokens twice")
        } catch ReachFiveError.RequestError {}
    }
}
