import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// requestPasswordReset and updatePassword pages: a reset code (and by email a link to the
/// page's redirect URL) reaches the identifier; each updatePassword form sets the new password
/// ("ZPf7LFtc"), which then logs in while the old one no longer does.
final class PasswordResetExamplesTests: FlowsExampleTestCase {
    static let newPassword = "ZPf7LFtc"

    private func assertPasswordChanged(_ identifier: String, from old: String) async {
        let withNew = await login(identifier, Self.newPassword)
        XCTAssertNotNil(withNew, "the new password logs in")
        let withOld = await login(identifier, old)
        XCTAssertNil(withOld, "the old password no longer does")
    }

    func testRequestPasswordResetWithEmail() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        await E110_requestPasswordResetWithEmail.run()
        let first = try await message(to: "john.doe@gmail.com")
        XCTAssertNotNil(first.code)
        XCTAssertTrue(first.link?.hasPrefix("reachfive-clientId://password-reset?") ?? false, first.link ?? "no link")
        E82_requestPasswordResetWithEmail.run()
        await settle()
        let second = try await message(to: "john.doe@gmail.com")
        XCTAssertGreaterThan(second.id, first.id)
        XCTAssertTrue(second.link?.hasPrefix("reachfive-clientId://password-reset?") ?? false)
    }

    func testRequestPasswordResetWithPhoneNumber() async throws {
        try await makeAccount(["phone_number": "+33682234940", "password": .string(Self.password)])
        let mark = recorder.requests.count
        await E110_requestPasswordResetWithPhoneNumber.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/forgot-password"])
        let first = try await message(to: "+33682234940")
        XCTAssertEqual(first.channel, .sms)
        E82_requestPasswordResetWithPhoneNumber.run()
        await settle()
        let awaited4 = try await message(to: "+33682234940").id
        XCTAssertGreaterThan(awaited4, first.id)
    }

    func testUpdatePasswordWithEmail() async throws {
        for run in [() async -> Void]([{ await E110_updatePasswordWithEmail.run() }, { E82_updatePasswordWithEmail.run() }]) {
            try await server.emulator.deleteAllAccounts()
            try await makeAccount(["email": "john.doe@example.com", "password": .string(Self.password)])
            try await AppDelegate.reachfive().requestPasswordReset(email: "john.doe@example.com")
            verificationCode = try await code(to: "john.doe@example.com")
            await run()
            await settle()
            await assertPasswordChanged("john.doe@example.com", from: Self.password)
        }
    }

    func testUpdatePasswordWithPhoneNumber() async throws {
        for run in [() async -> Void]([{ await E110_updatePasswordWithPhoneNumber.run() }, { E82_updatePasswordWithPhoneNumber.run() }]) {
            try await server.emulator.deleteAllAccounts()
            try await makeAccount(["phone_number": "+33682234940", "password": .string(Self.password)])
            try await AppDelegate.reachfive().requestPasswordReset(phoneNumber: "+33682234940")
            verificationCode = try await code(to: "+33682234940")
            await run()
            await settle()
            await assertPasswordChanged("+33682234940", from: Self.password)
        }
    }

    func testUpdatePasswordWithAccessToken() async throws {
        for run in [() async -> Void]([{ await E110_updatePasswordWithAccessToken.run() }, { E82_updatePasswordWithAccessToken.run() }]) {
            try await server.emulator.deleteAllAccounts()
            try await makeAccount(["email": "john.doe@gmail.com", "password": "gVc7piBn"])
            let loggedIn = await login("john.doe@gmail.com", "gVc7piBn")
            profileAuthToken = try XCTUnwrap(loggedIn)
            let mark = recorder.requests.count
            await run()
            await settle()
            let update = try XCTUnwrap(sent(since: mark).first)
            XCTAssertEqual(update.headers["Authorization"], "Bearer \(profileAuthToken.accessToken)")
            await assertPasswordChanged("john.doe@gmail.com", from: "gVc7piBn")
        }
    }

    func testUpdatePasswordWithFreshAccessToken() async throws {
        for run in [() async -> Void]([
            { await E110_updatePasswordWithFreshAccessToken.run() }, { E82_updatePasswordWithFreshAccessToken.run() },
        ]) {
            try await server.emulator.deleteAllAccounts()
            try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
            let loggedIn = await login("john.doe@gmail.com", Self.password)
            freshProfileAuthToken = try XCTUnwrap(loggedIn)
            await run()
            await settle()
            await assertPasswordChanged("john.doe@gmail.com", from: Self.password)
        }
    }

    func testAWrongResetCodeChangesNothing() async throws {
        try await makeAccount(["email": "john.doe@example.com", "password": .string(Self.password)])
        do {
            try await AppDelegate.reachfive().updatePassword(
                .EmailParams(email: "john.doe@example.com", verificationCode: "000000", password: Self.newPassword))
            XCTFail("a wrong code changed the password")
        } catch ReachFiveError.RequestError(let api) {
            XCTAssertEqual(api.error, "invalid_grant")
        }
        let stillOld = await login("john.doe@example.com", Self.password)
        XCTAssertNotNil(stillOld)
    }
}
