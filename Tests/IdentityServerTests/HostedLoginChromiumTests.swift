import Foundation
import TestSupport
import XCTest

/// Acceptance (issue 31, 3): the hosted login page in headless Chromium through Selenium, logged
/// in with a password, a passwordless code, a provider, an MFA step-up and a passkey (Chromium's
/// virtual authenticator), the SSO session making
/// the next login silent; and what a page on another origin cannot do (frame it, post its form,
/// reach it on a rebound name). See hosted_login_selenium.py.
final class HostedLoginChromiumTests: XCTestCase {
    func testTheHostedPageInHeadlessChromium() async throws {
        let python = try await seleniumPython()
        let result = try await ProcessRunner.run(
            python,
            [InteropTests.interop.appendingPathComponent("hosted_login_selenium.py").path, ProcessRunner.product("latchkey").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        for line in [
            "PASS a password on the hosted page logs in", "PASS a second web login is silent",
            "PASS after the logout the page is shown again", "PASS a passwordless code on the hosted page logs in",
            "PASS a provider's page reached from the hosted page logs in", "PASS an MFA step-up on the hosted page logs in",
            "PASS a passkey is signed up in Chromium's virtual authenticator", "PASS a passkey on the hosted page logs in",
            "PASS the hosted page cannot be framed by another origin",
            "PASS a form on another origin cannot log the browser in (login CSRF)", "PASS the forged form opened no session",
            "PASS the hosted page refuses another Host (DNS rebinding)",
        ] {
            XCTAssertTrue(result.stdout.contains(line), "missing \(line) in\n\(result.stdout)")
        }
    }
}
