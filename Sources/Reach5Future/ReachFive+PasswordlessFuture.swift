@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFivePasswordLess.swift.

extension ReachFive {
    public func startPasswordless(_ request: PasswordLessRequest) -> Future<(), ReachFiveError> {
        future { try await self.startPasswordless(request) }
    }

    public func verifyPasswordlessCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.verifyPasswordlessCode(verifyAuthCodeRequest: verifyAuthCodeRequest) }
    }
}
