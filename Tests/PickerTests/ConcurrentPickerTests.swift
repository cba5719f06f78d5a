import Authenticator
import Foundation
import LatchkeyCrypto
import Testing
import WebAuthn

@testable import Picker

/// The picker is shared by many callers at once (the facade's and the server's tests): each
/// call must reach its own user, for the choice and for user verification alike.
@Suite struct ConcurrentPickerTests {
    @Test func thirtyTwoConcurrentRequestsEachGetTheirOwnAnswer() async throws {
        let f = try PickerFixture()
        let n = 32
        for i in 0..<n { try await f.addPasskey(name: "user\(i)", user: [UInt8(i + 1)]) }
        let options = PublicKeyCredentialRequestOptionsJSON(challenge: SystemRandom.bytes(32), rpId: f.rpId, userVerification: .required)
        // Even callers verify and pick their own account; odd callers fail UV, which this
        // request requires, so they must end in `failed` whatever the others do.
        let outcomes = await withTaskGroup(of: (Int, Result<AuthorizationResult, AuthorizationError>).self) { group in
            for i in 0..<n {
                group.addTask {
                    let user = PolicyUserDriver(.user("user\(i)"), userVerification: i % 2 == 0 ? .verified : .failed)
                    let result = await f.picker.outcome(
                        [.passkeyAssertion(options)], mode: .ifImmediatelyAvailableCredentials,
                        origin: f.origin, user: user)
                    return (i, result)
                }
            }
            var all: [Int: Result<AuthorizationResult, AuthorizationError>] = [:]
            for await (i, result) in group { all[i] = result }
            return all
        }
        #expect(outcomes.count == n)
        for i in 0..<n {
            switch outcomes[i] {
            case .success(.passkeyAssertion(let assertion))?:
                #expect(i % 2 == 0, "caller \(i) failed UV but got an assertion")
                #expect(assertion.response.userHandle?.bytes == [UInt8(i + 1)], "caller \(i) got another caller's account")
                let flags = try AuthenticatorData(bytes: assertion.response.authenticatorData.bytes).flags
                #expect(flags.contains(.userVerified))
            case .failure(let error)?:
                #expect(i % 2 == 1 && error.code == .failed, "caller \(i): \(error)")
            default:
                Issue.record("caller \(i): unexpected \(String(describing: outcomes[i]))")
            }
        }
    }
}
