import EmulatorClient
import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The emulator API's view of MFA: `GET /emulator/v1/accounts/{id}/mfa` (and
/// `EmulatorClient.mfaState`) reports an account's factors, trusted devices and step-ups in
/// progress, and a snapshot carries all of it (a snapshot is a copy of the whole database).
final class MfaEmulatorTests: XCTestCase {
    private let email = "mfa.emulator@example.com"

    func testTheRouteReportsFactorsDevicesAndStepUps() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let prepared = try await MfaOperatorFlows(server: server).prepare(email: email)
        let reply = try await server.client.get("/emulator/v1/accounts/\(prepared.accountId)/mfa")
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        XCTAssertEqual(reply.json["account_id"]?.stringValue, prepared.accountId)
        guard case .array(let credentials)? = reply.json["credentials"], case .array(let devices)? = reply.json["trusted_devices"] else {
            return XCTFail("no credentials or trusted_devices array")
        }
        XCTAssertEqual(
            Set(credentials.map { "\($0["type"]?.stringValue ?? "")=\($0["target"]?.stringValue ?? "")" }),
            ["email=\(email)", "sms=\(MfaOperatorFlows.phone)"])
        XCTAssertTrue(credentials.allSatisfy { $0["created_at"]?.stringValue?.hasSuffix("Z") ?? false })
        XCTAssertEqual(devices.map { $0["id"]?.stringValue }, [prepared.deviceId])
        XCTAssertEqual(devices.first?["metadata"]?["device_class"], "mobile")
        let created = try unwrap(devices.first?["created_at"]?.stringValue)
        let expires = try unwrap(devices.first?["expires_at"]?.stringValue)
        let format = ISO8601DateFormatter()
        let days = try unwrap(format.date(from: expires)).timeIntervalSince(try unwrap(format.date(from: created))) / 86_400
        XCTAssertEqual(days, Double(server.env.configuration.mfa.trustedDeviceDays), "trusted for the configured days")
        XCTAssertEqual(reply.json["pending_step_ups"], .number(1), "the login waiting for its second factor")

        assertAPIError(try await server.client.get("/emulator/v1/accounts/nobody/mfa"), status: 404, error: "not_found")
        await server.stop()
    }

    func testEmulatorClientReadsTheMfaState() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let prepared = try await MfaOperatorFlows(server: server).prepare(email: email)
        let account = try await server.emulator.account(identifier: email)
        let state = try await server.emulator.mfaState(accountId: try unwrap(account?.uid))
        XCTAssertEqual(state.accountId, prepared.accountId)
        XCTAssertEqual(Set(state.credentials.map { "\($0.type)=\($0.target)" }), ["email=\(email)", "sms=\(MfaOperatorFlows.phone)"])
        XCTAssertEqual(state.trustedDevices.map(\.id), [prepared.deviceId])
        XCTAssertEqual(state.trustedDevices.first?.metadata["device_class"], "mobile")
        XCTAssertEqual(state.pendingStepUps, 1)
        do {
            _ = try await server.emulator.mfaState(accountId: "nobody")
            XCTFail("an unknown account had an MFA state")
        } catch let error as EmulatorClientError {
            XCTAssertEqual(error, .refused(status: 404, error: "not_found", path: "/emulator/v1/accounts/nobody/mfa"))
        }
        await server.stop()

        // Without the emulator API the 404 says so, not "no such account".
        let off = try await TestServer.start(TestServer.configuration { $0.emulatorAPI = false })
        do {
            _ = try await off.emulator.mfaState(accountId: prepared.accountId)
            XCTFail("a server without the emulator API answered")
        } catch let error as EmulatorClientError {
            XCTAssertEqual(error, .apiOff(off.baseURL))
        }
        await off.stop()
    }

    /// Snapshot, delete every factor and device, restore: they are back, and the restored
    /// trusted device skips the step-up again.
    func testMfaStateSurvivesSnapshotAndRestore() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let flows = MfaOperatorFlows(server: server)
        let prepared = try await flows.prepare(email: email)
        let mfa = server.env.services.mfa
        let before = try unwrap(try await mfa.state(accountId: prepared.accountId))
        let snapshot = try await server.emulator.saveSnapshot()

        let deviceDeleted = try await mfa.deleteTrustedDevice(id: prepared.deviceId, accountId: prepared.accountId)
        XCTAssertTrue(deviceDeleted)
        for credential in before.credentials {
            let deleted = try await mfa.deleteCredential(accountId: prepared.accountId, type: credential.type, target: credential.target)
            XCTAssertTrue(deleted)
        }
        let emptied = try unwrap(try await mfa.state(accountId: prepared.accountId))
        XCTAssertEqual(emptied.credentials, [])
        XCTAssertEqual(emptied.trustedDevices, [])

        try await server.emulator.restoreSnapshot(snapshot)
        let restored = try unwrap(try await mfa.state(accountId: prepared.accountId))
        XCTAssertEqual(restored, before)
        let trusted = try await flows.mfa.passwordLogin(email: email, cookie: prepared.deviceCookie)
        XCTAssertEqual(trusted.json["mfa_required"], .bool(false), "the restored device is trusted again")
        let stranger = try await flows.mfa.passwordLogin(email: email)
        XCTAssertEqual(stranger.json["mfa_required"], .bool(true), "the restored factors still ask for a step-up")
        await server.stop()
    }
}
