import Foundation
import IdentityServer
import Picker
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import XCTest

/// The five seed pages' examples, compiled as written (only `AppDelegate.reachfive()`, `window`
/// and the earlier step's token are the test's), run against the identity server in process,
/// each checked for the outcome its page describes. The example bodies sit in synchronous
/// functions, as in an app's view controller; the tests await their callbacks.
final class SeedExampleTests: XCTestCase {
    var server: LocalServer!

    override func setUp() async throws {
        // The seed pages' redirect URLs, registered as the app's callback URLs (an emailed link may
        // point only to one: CallbackRule).
        server = try await LocalServer.start {
            $0.allowedCallbackURLs = $0.callbackURLs + ["https://www.example.com/redirect", "https://example-email-verification.com"]
        }
        AppDelegate.instance = server.reachFive()
    }
    override func tearDown() async throws { await server.stop() }

    func waitFor<V>(_ outcome: Outcome<V>) async throws -> V {
        await fulfillment(of: [outcome.expectation], timeout: 120)
        return try XCTUnwrap(outcome.result).get()
    }

    // MARK: 001 signup

    func seed001Email(_ outcome: Outcome<AuthToken>) {
        AppDelegate
            .reachfive()
            .signup(
                profile: ProfileSignupRequest(
                    givenName: "John",
                    familyName: "Doe",
                    gender: "male",
                    email: "john.doe@gmail.com",
                    customIdentifier: "coolCat55",
                    password: "hjk90wxc"
                ),
                redirectUrl: "https://www.example.com/redirect",
                scope: ["openid", "profile", "email"]
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
                outcome.succeed(authToken)
            }
            .onFailure { error in
                // Return a ReachFive error
                outcome.fail(error)
            }
    }

    func seed001Phone(_ outcome: Outcome<AuthToken>) {
        AppDelegate
            .reachfive()
            .signup(
                profile: ProfileSignupRequest(
                    givenName: "John",
                    familyName: "Doe",
                    gender: "male",
                    phoneNumber: "+353875551234",
                    customIdentifier: "coolCat56",
                    password: "hjk90wxc"
                ),
                redirectUrl: "https://www.example.com/redirect",
                scope: ["openid", "profile", "phone"]
            )
            .onSuccess { authToken in
                outcome.succeed(authToken)
            }
            .onFailure { error in
                outcome.fail(error)
            }
    }

    func testSeed001SignupCreatesAndAuthenticatesTheUser() async throws {
        let byEmail = Outcome<AuthToken>()
        seed001Email(byEmail)
        let token = try await waitFor(byEmail)
        XCTAssertEqual(token.user?.email, "john.doe@gmail.com")
        XCTAssertEqual(token.user?.givenName, "John")
        XCTAssertEqual(token.tokenType, "Bearer")
        let byPhone = Outcome<AuthToken>()
        seed001Phone(byPhone)
        let phoneToken = try await waitFor(byPhone)
        XCTAssertNil(phoneToken.user?.email)
        let profile = try await AppDelegate.reachfive().getProfile(authToken: phoneToken)
        XCTAssertEqual(profile.phoneNumber, "+353875551234")
        XCTAssertEqual(profile.customIdentifier, "coolCat56")
        // The same email again: the server's 400 email_already_exists is a RequestError.
        let again = Outcome<AuthToken>()
        seed001Email(again)
        await fulfillment(of: [again.expectation], timeout: 120)
        guard case .failure(.RequestError(let api))? = again.result else {
            return XCTFail("expected RequestError, got \(String(describing: again.result))")
        }
        XCTAssertEqual(api.error, "email_already_exists")
    }

    // MARK: 000 updateProfile with delete

    func seed000(_ profileAuthToken: AuthToken, _ outcome: Outcome<Profile>) {
        AppDelegate
            .reachfive()
            .updateProfile(
                authToken: profileAuthToken,
                profileUpdate: ProfileUpdate(phoneNumber: .Delete)
            )
            .onSuccess { updatedProfile in
                // Get the updated profile
                outcome.succeed(updatedProfile)
            }
            .onFailure { error in
                // Return a ReachFive error
                outcome.fail(error)
            }
    }

    func testSeed000UpdateProfileDeletesTheField() async throws {
        let profileAuthToken = try await achieved(
            AppDelegate.reachfive().signup(
                profile: ProfileSignupRequest(
                    givenName: "Ann", email: "ann@example.com", phoneNumber: "+33612345678", password: "correct horse battery staple"),
                scope: ["openid", "profile", "email", "phone", "full_write"]))
        let before = try await AppDelegate.reachfive().getProfile(authToken: profileAuthToken)
        XCTAssertEqual(before.phoneNumber, "+33612345678")
        let outcome = Outcome<Profile>()
        seed000(profileAuthToken, outcome)
        let updated = try await waitFor(outcome)
        XCTAssertNil(updated.phoneNumber, "Delete removed the phone number")
        XCTAssertEqual(updated.givenName, "Ann", "NoOp fields are untouched")
        // Without full_write the page's rule applies: rejected (403 → TechnicalError).
        let readOnly = try await achieved(
            AppDelegate.reachfive().loginWithPassword(
                email: "ann@example.com", password: "correct horse battery staple", scope: ["openid", "email"]))
        let refused = Outcome<Profile>()
        seed000(readOnly, refused)
        await fulfillment(of: [refused.expectation], timeout: 120)
        guard case .failure(.TechnicalError(_, let api))? = refused.result else { return XCTFail("\(String(describing: refused.result))") }
        XCTAssertEqual(api?.error, "insufficient_scope")
    }

    // MARK: 002 sendEmailVerification

    func seed002(_ profileAuthToken: AuthToken, _ outcome: Outcome<EmailVerificationResponse>) {
        AppDelegate
            .reachfive()
            .sendEmailVerification(
                authToken: profileAuthToken,
                redirectUrl: "https://example-email-verification.com" // optional
            )
            .onSuccess { emailVerificationResponse in
                switch emailVerificationResponse {
                case .Success:
                    // Email verification process completed successfully
                    outcome.succeed(emailVerificationResponse)
                case .VerificationNeeded(let continueEmailVerification):
                    // Verification email sent, use continueEmailVerification.verify(code: String, email: String, freshAuthToken: AuthToken? = nil) or AppDelegate.reachfive().verifyEmail to complete the flow
                    _ = continueEmailVerification
                    outcome.succeed(emailVerificationResponse)
                }
            }
            .onFailure { error in
                // Return a ReachFive error
                outcome.fail(error)
            }
    }

    func testSeed002SendEmailVerificationThenVerify() async throws {
        let profileAuthToken = try await achieved(
            AppDelegate.reachfive().signup(
                profile: ProfileSignupRequest(email: "eve@example.com", password: "correct horse battery staple"),
                scope: ["openid", "email", "full_write"]))
        let outcome = Outcome<EmailVerificationResponse>()
        seed002(profileAuthToken, outcome)
        guard case .VerificationNeeded(let next) = try await waitFor(outcome) else { return XCTFail("expected VerificationNeeded") }
        try await next.verify(code: try await server.lastCode(to: "eve@example.com"), email: "eve@example.com")
        let verified = try await AppDelegate.reachfive().getProfile(authToken: profileAuthToken)
        XCTAssertEqual(verified.emailVerified, true)
        let again = Outcome<EmailVerificationResponse>()
        seed002(profileAuthToken, again)
        guard case .Success = try await waitFor(again) else { return XCTFail("already verified: expected .Success") }
    }

    // MARK: 003 signup(withRequest:) and 004 login(withRequest:)

    func seed003(_ profile: ProfilePasskeySignupRequest, _ username: String, _ window: HeadlessPresentation, _ outcome: Outcome<AuthToken>)
    {
        AppDelegate
            .reachfive()
            .signup(withRequest: PasskeySignupRequest(passkeyPofile: profile, friendlyName: username, anchor: window))

            .onSuccess { authToken in
                // Get the profile's authentication token
                outcome.succeed(authToken)
            }
            .onFailure { error in
                // Return a ReachFive error
                outcome.fail(error)
            }
    }

    func seed004(_ window: HeadlessPresentation, _ outcome: Outcome<LoginFlow>) {
        AppDelegate
            .reachfive()
            .login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
                display: .IfImmediatelyAvailableCredentials
            )

            // get auth token on success
            .onSuccess { authToken in
                outcome.succeed(authToken)
            }
            .onFailure { error in
                switch error {
                // No credentials are available. If called at app launch, do nothing. If called in `viewDidAppear`,
                // presents other options for the user to login.
                case .AuthCanceled: outcome.fail(error)
                default: outcome.fail(error) // Real failure.
                }
            }
    }

    func testSeed003PasskeySignupThenSeed004ModalLogin() async throws {
        try await AppDelegate.reachfive().initialize()
        let window = try HeadlessPresentation.ephemeral()
        let profile = ProfilePasskeySignupRequest(email: "pat@example.com", givenName: "Pat")
        let username = "pat@example.com"
        let signedUp = Outcome<AuthToken>()
        seed003(profile, username, window, signedUp)
        let token = try await waitFor(signedUp)
        XCTAssertEqual(token.user?.email, "pat@example.com")
        XCTAssertEqual(try window.vault.passkeys(rpId: "localhost").count, 1, "the passkey is in the keychain")
        // The page's login, with that keychain: a token for the same user.
        let login = Outcome<LoginFlow>()
        seed004(window, login)
        let loggedIn = try achieved(try await waitFor(login))
        XCTAssertEqual(loggedIn.user?.id, token.user?.id)
        // With an empty keychain: AuthCanceled, as the page says.
        let empty = try HeadlessPresentation.ephemeral()
        let canceled = Outcome<LoginFlow>()
        seed004(empty, canceled)
        await fulfillment(of: [canceled.expectation], timeout: 120)
        guard case .failure(.AuthCanceled)? = canceled.result else {
            return XCTFail("expected AuthCanceled, got \(String(describing: canceled.result))")
        }
    }
}
