import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// requestAccountRecovery and addAccountRecoveryCallback pages: a recovery code (and by email a
/// link to the page's redirect URL) reaches the identifier; the link, handed to `interceptUrl`,
/// gives the callback the email and the code.
final class AccountRecoveryExamplesTests: FlowsExampleTestCase {
    func testRequestAccountRecoveryWithEmail() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        let mark = recorder.requests.count
        await E110_requestAccountRecoveryWithEmail.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/account-recovery"])
        let first = try await message(to: "john.doe@gmail.com")
        XCTAssertTrue(first.link?.hasPrefix("reachfive-clientId://account-recovery?") ?? false, first.link ?? "no link")
        E82_requestAccountRecoveryWithEmail.run()
        await settle()
        let awaited0 = try await message(to: "john.doe@gmail.com").id
        XCTAssertGreaterThan(awaited0, first.id)
    }

    func testRequestAccountRecoveryWithPhoneNumber() async throws {
        try await makeAccount(["phone_number": "+33682234940", "password": .string(Self.password)])
        await E110_requestAccountRecoveryWithPhoneNumber.run()
        let first = try await message(to: "+33682234940")
        XCTAssertEqual(first.channel, .sms)
        XCTAssertNotNil(first.code)
        E82_requestAccountRecoveryWithPhoneNumber.run()
        await settle()
        let awaited1 = try await message(to: "+33682234940").id
        XCTAssertGreaterThan(awaited1, first.id)
    }

    func testAddAccountRecoveryCallbackRegistersTheCallbackTheLinkReaches() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": .string(Self.password)])
        await E110_addAccountRecoveryCallback.run()
        E82_addAccountRecoveryCallback.run()
        // What the page's callback receives: the address and the code of the default link.
        let received = expectation(description: "callback")
        nonisolated(unsafe) var response: AccountRecoveryResponse?
        AppDelegate.reachfive().addAccountRecoveryCallback { result in
            response = try? result.get()
            received.fulfill()
        }
        try await AppDelegate.reachfive().requestAccountRecovery(email: "john.doe@gmail.com")
        let sentMessage = try await message(to: "john.doe@gmail.com")
        AppDelegate.reachfive().interceptUrl(try XCTUnwrap(URL(string: sentMessage.link ?? "")))
        await fulfillment(of: [received], timeout: 60)
        XCTAssertEqual(response?.email, "john.doe@gmail.com")
        XCTAssertEqual(response?.verificationCode, sentMessage.code)
    }

    func testALinkWithAnErrorReachesTheCallbackAsATechnicalError() async throws {
        let received = expectation(description: "callback")
        nonisolated(unsafe) var failure: ReachFiveError?
        AppDelegate.reachfive().addAccountRecoveryCallback { result in
            if case .failure(let error) = result { failure = error }
            received.fulfill()
        }
        let link = "reachfive-\(clientId)://account-recovery?error=access_denied&error_description=Expired"
        AppDelegate.reachfive().interceptUrl(try XCTUnwrap(URL(string: link)))
        await fulfillment(of: [received], timeout: 60)
        guard case .TechnicalError(let reason, let api)? = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertEqual(reason, "access_denied")
        XCTAssertEqual(api?.errorDescription, "Expired")
    }
}
