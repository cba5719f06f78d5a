import Foundation

/// How a step-up starts: from a signed-in profile's token (`AuthTokenFlow`: an action that needs a
/// second factor), or from the step-up token a login answered (`LoginFlow`).
public enum StartStepUp: Sendable {
    case AuthTokenFlow(
        authType: MfaCredentialItemType, authToken: AuthToken, redirectUri: URL? = nil, scope: [String]? = nil, origin: String? = nil,
        action: String? = nil)
    case LoginFlow(authType: MfaCredentialItemType, stepUpToken: String, redirectUri: URL? = nil, origin: String? = nil)

    public var authType: MfaCredentialItemType {
        switch self {
        case .AuthTokenFlow(let authType, _, _, _, _, _): authType
        case .LoginFlow(let authType, _, _, _): authType
        }
    }

    /// 8.2's `AuthTokenFlow` (the redirect as a string; a string that is not a URL is not sent).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public static func AuthTokenFlow(
        authType: MfaCredentialItemType, authToken: AuthToken, redirectUri: String, scope: [String]? = nil, origin: String? = nil
    ) -> StartStepUp {
        .AuthTokenFlow(authType: authType, authToken: authToken, redirectUri: URL(string: redirectUri), scope: scope, origin: origin)
    }

    /// 8.2's `LoginFlow` (the redirect as a string; a string that is not a URL is not sent).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public static func LoginFlow(authType: MfaCredentialItemType, stepUpToken: String, redirectUri: String, origin: String? = nil)
        -> StartStepUp
    {
        .LoginFlow(authType: authType, stepUpToken: stepUpToken, redirectUri: URL(string: redirectUri), origin: origin)
    }

    /// The 8.2 documentation's spelling (`authType: "email"`, `scope:` before `authToken:`).
    /// `"sms"` names the phone factor; any other name asks for the email factor.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public static func AuthTokenFlow(
        authType: String, scope: [String]? = nil, authToken: AuthToken, redirectUri: String? = nil, origin: String? = nil
    ) -> StartStepUp {
        .AuthTokenFlow(
            authType: factor(named: authType), authToken: authToken, redirectUri: redirectUri.flatMap(URL.init(string:)), scope: scope,
            origin: origin)
    }

    /// The 8.2 documentation's spelling (`authType: "email"`, `origin:` before `redirectUri:`).
    /// `"sms"` names the phone factor; any other name asks for the email factor.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public static func LoginFlow(authType: String, stepUpToken: String, origin: String? = nil, redirectUri: String) -> StartStepUp {
        .LoginFlow(authType: factor(named: authType), stepUpToken: stepUpToken, redirectUri: URL(string: redirectUri), origin: origin)
    }

    private static func factor(named name: String) -> MfaCredentialItemType {
        MfaCredentialItemType(rawValue: name.lowercased()) ?? .email
    }
}

/// A started step-up: the code sent to the factor completes it (`verify(code:trustDevice:)`, async or a Future).
public class ContinueStepUp: @unchecked Sendable {
    public let challengeId: String
    public let reachfive: ReachFive

    init(challengeId: String, reachFive: ReachFive) {
        self.challengeId = challengeId
        reachfive = reachFive
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verify(code: String, trustDevice: Bool? = nil) async throws -> AuthToken {
        try await reachfive.mfaVerify(stepUp: VerifyStepUp(challengeId: challengeId, verificationCode: code, trustDevice: trustDevice))
    }

}

/// The second half of a step-up: the challenge and the code the user typed.
public struct VerifyStepUp: Sendable {
    var challengeId: String
    var verificationCode: String
    var trustDevice: Bool?

    public init(challengeId: String, verificationCode: String, trustDevice: Bool? = nil) {
        self.challengeId = challengeId
        self.verificationCode = verificationCode
        self.trustDevice = trustDevice
    }
}

/// The 8.2 documentation's `mfaStart(stepUp(challengeId:verificationCode:trustDevice:))`: the
/// ``VerifyStepUp`` it builds.
#if !ReachFiveSeedPages
    @_spi(ReachFiveSeedPages)
#endif
public func stepUp(challengeId: String, verificationCode: String, trustDevice: Bool? = nil) -> VerifyStepUp {
    VerifyStepUp(challengeId: challengeId, verificationCode: verificationCode, trustDevice: trustDevice)
}
