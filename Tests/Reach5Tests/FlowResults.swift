@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import XCTest

/// The tokens of a signup or password login that logged in at once (these tests' servers never
/// ask for a verification or a second factor first).
func achieved(_ flow: SignupFlow, file: StaticString = #filePath, line: UInt = #line) throws -> AuthToken {
    guard case .AchievedLogin(let authToken) = flow else {
        XCTFail("expected AchievedLogin, got \(flow)", file: file, line: line)
        throw ReachFiveError.AuthFailure(reason: "\(flow)")
    }
    return authToken
}

func achieved(_ flow: LoginFlow, file: StaticString = #filePath, line: UInt = #line) throws -> AuthToken {
    guard case .AchievedLogin(let authToken) = flow else {
        XCTFail("expected AchievedLogin, got \(flow)", file: file, line: line)
        throw ReachFiveError.AuthFailure(reason: "\(flow)")
    }
    return authToken
}
