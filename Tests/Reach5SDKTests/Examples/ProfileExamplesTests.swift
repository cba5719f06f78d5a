import Encoding
import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The profile pages (getProfile, updateProfile, updateProfile_withDelete, updateEmail,
/// updatePhoneNumber, sendEmailVerification, verifyEmail) at 8.2.0 and 11.0.0: each example runs
/// against the in-process server, and what its page says happens is read back from the server.
class ProfileExampleTestCase: ExampleTestCase {
    static let password = "correct horse battery staple"

    /// Signs up John (email and phone) on the server and logs him in through the facade with the
    /// scopes the profile pages need (`full_write` to change the profile); the token becomes the
    /// examples' `profileAuthToken` and `authToken`.
    @discardableResult
    func logInJohn(email: String = "john.doe@gmail.com", phoneNumber: String? = "+33612345678") async throws -> AuthToken {
        var fields: [String: String] = ["email": email, "password": Self.password, "given_name": "John"]
        fields["phone_number"] = phoneNumber
        _ = try await server.emulator.createAccount(fields.mapValues { JSONValue.string($0) })
        let flow = try await AppDelegate.reachfive().loginWithPassword(
            email: email, password: Self.password, scope: ["openid", "profile", "email", "phone", "full_write", "offline_access"])
        // A login that does not achieve is a product failure: every profile example fails with it,
        // never skips.
        guard case .AchievedLogin(let token) = flow else {
            throw NSError(domain: "ProfileExamples", code: 1, userInfo: [NSLocalizedDescriptionKey: "the login did not achieve: \(flow)"])
        }
        profileAuthToken = token
        authToken = token
        return token
    }

    /// The status the server answered the newest request to `path` with.
    func lastStatus(_ method: String, _ path: String) async throws -> Int? {
        try await server.emulator.requests().last { $0.method == method && $0.path == path }?.status
    }

    func profileNow() async throws -> Profile { try await AppDelegate.reachfive().getProfile(authToken: profileAuthToken) }
}

final class ProfileExamplesTests: ProfileExampleTestCase {
    // getProfile: "Get the profile": userinfo asked with the SDK's fields, and answered.
    private func checkGetProfile(since mark: Int) async throws {
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/userinfo"])
        let query = URLComponents(url: sent(since: mark)[0].url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        XCTAssertEqual(query.first { $0.name == "flatcf" }?.value, "true")
        let observed1 = try await lastStatus("GET", "/identity/v1/userinfo")
        XCTAssertEqual(observed1, 200)
    }

    func testGetProfile110() async throws {
        try await logInJohn()
        let mark = recorder.requests.count
        await E110_getProfile.run()
        try await checkGetProfile(since: mark)
    }

    func testGetProfile82() async throws {
        try await logInJohn()
        let mark = recorder.requests.count
        E82_getProfile.run()
        await settle()
        try await checkGetProfile(since: mark)
    }

    // updateProfile: the given name and the phone number are the new ones.
    private func checkUpdateProfile() async throws {
        let profile = try await profileNow()
        XCTAssertEqual(profile.givenName, "Jonathan")
        XCTAssertEqual(profile.phoneNumber, "+33750253354")
        XCTAssertEqual(profile.email, "john.doe@gmail.com", "fields the profile leaves nil are not changed")
    }

    func testUpdateProfile110() async throws {
        try await logInJohn()
        await E110_updateProfile.run()
        try await checkUpdateProfile()
    }

    func testUpdateProfile82() async throws {
        try await logInJohn()
        E82_updateProfile.run()
        await settle()
        try await checkUpdateProfile()
    }

    // updateProfile_withDelete: the phone number is gone, the other fields untouched.
    private func checkDelete() async throws {
        let profile = try await profileNow()
        XCTAssertNil(profile.phoneNumber)
        XCTAssertEqual(profile.givenName, "John")
        let account = try await server.emulator.account(identifier: "john.doe@gmail.com")
        XCTAssertNil(account?.phoneNumber)
    }

    func testUpdateProfileWithDelete110() async throws {
        try await logInJohn()
        await E110_updateProfile_withDelete.run()
        try await checkDelete()
    }

    func testUpdateProfileWithDelete82() async throws {
        try await logInJohn()
        E82_updateProfile_withDelete.run()
        await settle()
        try await checkDelete()
    }

    // updateEmail: the new address is the profile's, unverified, and a verification email went to it
    // (its link leads to the page's redirect URL).
    private func checkUpdateEmail() async throws {
        let profile = try await profileNow()
        XCTAssertEqual(profile.email, "johnatthan.doe@gmail.com")
        XCTAssertEqual(profile.emailVerified, false)
        let message = try await server.emulator.waitForMessage(to: "johnatthan.doe@gmail.com", timeout: .zero)
        XCTAssertNotNil(message.code ?? message.link)
    }

    func testUpdateEmail110() async throws {
        try await logInJohn()
        await E110_updateEmail.run()
        try await checkUpdateEmail()
    }

    func testUpdateEmail82() async throws {
        try await logInJohn()
        E82_updateEmail.run()
        await settle()
        try await checkUpdateEmail()
    }

    // updatePhoneNumber: the new number is the profile's, unverified.
    private func checkUpdatePhoneNumber() async throws {
        let profile = try await profileNow()
        XCTAssertEqual(profile.phoneNumber, "+33792244940")
        XCTAssertNotEqual(profile.phoneNumberVerified, true)
    }

    func testUpdatePhoneNumber110() async throws {
        try await logInJohn()
        await E110_updatePhoneNumber.run()
        try await checkUpdatePhoneNumber()
    }

    func testUpdatePhoneNumber82() async throws {
        try await logInJohn()
        E82_updatePhoneNumber.run()
        await settle()
        try await checkUpdatePhoneNumber()
    }

    // sendEmailVerification (11.0): an unverified address gets the email whose code verifies it;
    // verifyEmail (11.0) with that code verifies it.
    func testSendEmailVerificationThenVerifyEmail110() async throws {
        try await logInJohn(email: "johnatthan.doe@gmail.com")
        let mark = recorder.requests.count
        await E110_sendEmailVerification.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/send-email-verification"])
        verificationCode = try await code(to: "johnatthan.doe@gmail.com")
        let observed2 = try await profileNow().emailVerified
        XCTAssertEqual(observed2, false)
        await E110_verifyEmail.run()
        let observed3 = try await profileNow().emailVerified
        XCTAssertEqual(observed3, true)
        let account = try await server.emulator.account(identifier: "johnatthan.doe@gmail.com")
        XCTAssertEqual(account?.emailVerified, true)
    }

    /// A wrong code leaves the address unverified (the example's catch branch).
    func testVerifyEmailWithAWrongCodeChangesNothing110() async throws {
        try await logInJohn(email: "johnatthan.doe@gmail.com")
        await E110_sendEmailVerification.run()
        let sentCode = try await code(to: "johnatthan.doe@gmail.com")
        verificationCode = sentCode == "000000" ? "111111" : "000000"
        await E110_verifyEmail.run()
        let observed4 = try await profileNow().emailVerified
        XCTAssertEqual(observed4, false)
    }
}
