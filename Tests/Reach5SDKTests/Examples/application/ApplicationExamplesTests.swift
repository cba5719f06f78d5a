import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The application/* pages: the app delegate forwards to the SDK. `application(_:open:options:)`
/// hands the SDK a link of its own (here the magic link from the outbox) and answers whether it was
/// consumed; `didFinishLaunchingWithOptions` initializes the SDK (client configuration and
/// providers); the other two have nothing headless to do and consume nothing.
final class ApplicationExamplesTests: ExampleTestCase {
    private let email = "john.doe@gmail.com"

    /// Starts a passwordless login and sets `openedURL` to where the mailed magic link ends: the
    /// app's callback with an authorization code.
    private func magicLink() async throws -> Box {
        _ = try await server.emulator.createAccount(["email": .string(email), "password": "UCrcF4RH"])
        let box = Box()
        AppDelegate.reachfive().addPasswordlessCallback { box.result = $0 }
        try await AppDelegate.reachfive().startPasswordless(.Email(email: email, redirectUri: nil))
        let message = try await server.emulator.waitForMessage(to: email, timeout: .zero) { $0.link != nil }
        // Followed as the person's browser would: the server redirects to the app with a code.
        openedURL = try await server.emulator.open(link: try XCTUnwrap(message.link))
        return box
    }

    private func assertLoggedIn(_ box: Box, file: StaticString = #filePath, line: UInt = #line) async throws {
        await settle()
        guard case .success(let token) = box.result else {
            return XCTFail("no token: \(String(describing: box.result))", file: file, line: line)
        }
        XCTAssertFalse(token.accessToken.isEmpty, file: file, line: line)
        let account = try await server.emulator.account(identifier: email)
        XCTAssertEqual(account?.loginsCount, 1, file: file, line: line)
    }

    func testApplicationOpenUrl110() async throws {
        let box = try await magicLink()
        let handled = await E110_application_applicationOpenUrl.run()
        XCTAssertTrue(handled, "the SDK's own link is consumed")
        try await assertLoggedIn(box)
        let mark = recorder.requests.count
        openedURL = URL(string: "https://example.com/somewhere-else")
        let foreign = await E110_application_applicationOpenUrl.run()
        XCTAssertFalse(foreign, "a link that is not the SDK's is left to the app")
        XCTAssertEqual(paths(since: mark), [])
    }

    func testApplicationOpenUrl82() async throws {
        let box = try await magicLink()
        XCTAssertTrue(E82_application_applicationOpenUrl.run())
        try await assertLoggedIn(box)
    }

    private func launch(_ run: () async -> Bool) async throws {
        AppDelegate.instance = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        XCTAssertEqual(AppDelegate.reachfive().scope, [])
        let mark = recorder.requests.count
        let answered = await run()
        XCTAssertTrue(answered)
        await settle()
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/config", "GET /api/v1/providers"])
        XCTAssertFalse(AppDelegate.reachfive().scope.isEmpty, "the client's scopes were read")
    }

    func testApplicationDidFinishLaunchingWithOptions110() async throws {
        try await launch { await E110_application_applicationDidFinishLaunchingWithOptions.run() }
    }

    func testApplicationDidFinishLaunchingWithOptions82() async throws {
        try await launch { E82_application_applicationDidFinishLaunchingWithOptions.run() }
    }

    func testApplicationDidBecomeActiveAndContinueUserActivity() async throws {
        let mark = recorder.requests.count
        continuedActivity = NSUserActivity(activityType: "NSUserActivityTypeBrowsingWeb")
        continuedActivity.webpageURL = URL(string: "https://example.com/universal")
        let continued110 = await E110_application_applicationContinueUserActivity.run()
        XCTAssertFalse(continued110, "no provider here consumes a user activity")
        XCTAssertFalse(E82_application_applicationContinueUserActivity.run())
        _ = await E110_application_applicationDidBecomeActive.run()
        _ = E82_application_applicationDidBecomeActive.run()
        await settle()
        XCTAssertEqual(paths(since: mark), [])
    }
}

private final class Box: @unchecked Sendable {
    var result: Result<AuthToken, ReachFiveError>?
}
