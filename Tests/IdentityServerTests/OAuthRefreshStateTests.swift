import XCTest

@testable import IdentityServer

/// The refresh-token state machine and its one mapping to the store's text column.
final class OAuthRefreshStateTests: XCTestCase {
    func testPresentingATokenInEachState() {
        XCTAssertEqual(RefreshTokenState.active.presented(expired: false, familyRevoked: false), .usable)
        XCTAssertEqual(RefreshTokenState.active.presented(expired: true, familyRevoked: false), .dead)
        XCTAssertEqual(RefreshTokenState.active.presented(expired: false, familyRevoked: true), .dead)
        XCTAssertEqual(RefreshTokenState.rotated.presented(expired: false, familyRevoked: false), .replayed)
        XCTAssertEqual(RefreshTokenState.revoked.presented(expired: false, familyRevoked: false), .dead)
    }

    func testTheColumnRoundTripsAndAnUnknownValueIsNeverUsable() {
        for state in RefreshTokenState.allCases { XCTAssertEqual(RefreshTokenState(column: state.column), state) }
        XCTAssertEqual(RefreshTokenState(column: "something else"), .revoked)
        XCTAssertEqual(RefreshTokenState(column: nil), .revoked)
    }
}
