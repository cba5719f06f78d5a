import Foundation
import XCTest

@testable import Reach5

/// `interceptUrl(_:)` routes a link by the `SdkConfig` URI it matches (scheme and host in any
/// case, `/` and no path alike) to its interception and the app's callback; an unknown link falls
/// back to passwordless, while `application(_:open:options:)` leaves it to the app.
final class URLRoutingTests: XCTestCase {
    private let reachfive = ReachFive(
        sdkConfig: SdkConfig(domain: "127.0.0.1:1", clientId: "cid", redirectUri: URL(string: "com.example.app:/passwordless")),
        storage: MemoryStorage())
    private let seen = Seen()

    override func setUp() {
        let seen = seen
        reachfive.addAccountRecoveryCallback { result in seen.add("recovery \((try? result.get())?.verificationCode ?? "failed")") }
        reachfive.addEmailVerificationCallback { result in seen.add("email \((try? result.get()) != nil ? "verified" : "failed")") }
        reachfive.addPasswordlessCallback { result in
            if case .failure(.TechnicalError(let reason, _)) = result { seen.add("passwordless \(reason)") }
        }
    }

    func testEachURIReachesItsCallback() {
        reachfive.interceptUrl(URL(string: "REACHFIVE-cid://Account-Recovery/?verification_code=123&email=a%40b.c")!)
        reachfive.interceptUrl(URL(string: "reachfive-cid://email-verification")!)
        reachfive.interceptUrl(URL(string: "com.example.app:/passwordless?code=c")!)
        XCTAssertEqual(seen.entries, ["recovery 123", "email verified", "passwordless Pkce not found"])
    }

    func testUnknownLinkFallsBackToPasswordlessButIsNotConsumedByOpenURL() {
        reachfive.interceptUrl(URL(string: "https://example.com/elsewhere")!)
        XCTAssertEqual(seen.entries, ["passwordless Pkce not found"])
        XCTAssertFalse(reachfive.application(UIApplication.shared, open: URL(string: "https://example.com/elsewhere")!, options: [:]))
        XCTAssertTrue(reachfive.application(UIApplication.shared, open: URL(string: "reachfive-cid://email-verification/")!, options: [:]))
        XCTAssertEqual(seen.entries, ["passwordless Pkce not found", "email verified"])
    }

    func testUserDefaultsStorageRoundTrip() {
        let storage = UserDefaultsStorage()
        storage.save(key: "latchkey.test", value: Pkce.generate())
        let kept: Pkce? = storage.get(key: "latchkey.test")
        XCTAssertEqual(kept?.codeChallengeMethod, "S256")
        let taken: Pkce? = storage.take(key: "latchkey.test")
        XCTAssertEqual(taken?.codeVerifier, kept?.codeVerifier)
        XCTAssertEqual(taken?.codeVerifier.count, 125)
        let gone: Pkce? = storage.get(key: "latchkey.test")
        XCTAssertNil(gone)
    }
}

/// A storage of this test's own (the SDK's protocol, implemented by an app).
private final class MemoryStorage: Storage, @unchecked Sendable {
    private var values: [String: Data] = [:]
    func save(key: String, value: some Codable) { values[key] = try? JSONEncoder().encode(value) }
    func get<D: Codable>(key: String) -> D? { values[key].flatMap { try? JSONDecoder().decode(D.self, from: $0) } }
    func take<D: Codable>(key: String) -> D? {
        defer { clear(key: key) }
        return get(key: key)
    }
    func clear(key: String) { values[key] = nil }
}

private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ entry: String) { lock.withLock { items.append(entry) } }
    var entries: [String] { lock.withLock { items } }
}
