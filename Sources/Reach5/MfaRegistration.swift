import Foundation

/// The kind of second factor a registration concerns.
public enum CredentialType: Sendable {
    case Email
    case PhoneNumber
}

/// A second factor to register: the profile's email (with the link the verification email
/// carries) or a phone number.
public enum Credential: Sendable {
    case Email(redirectUrl: URL? = nil)
    case PhoneNumber(_ phoneNumber: String)

    public var credentialType: CredentialType {
        switch self {
        case .Email: CredentialType.Email
        case .PhoneNumber: CredentialType.PhoneNumber
        }
    }

    /// 8.2's `Email` (the link as a string; a string that is not a URL is not sent).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public static func Email(redirectUrl: String) -> Credential { .Email(redirectUrl: URL(string: redirectUrl)) }

    /// The 8.2 documentation's spelling, `.Email(redirectUri:)`.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public static func Email(redirectUri: String) -> Credential { .Email(redirectUrl: URL(string: redirectUri)) }

    /// The 8.2 documentation's spelling, `.PhoneNumber(phoneNumber:)`.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public static func PhoneNumber(phoneNumber: String) -> Credential { .PhoneNumber(phoneNumber) }
}

/// A registration that waits for the code sent to the new factor.
public class ContinueRegistration: @unchecked Sendable {
    public let credentialType: CredentialType
    let reachfive: ReachFive
    /// The instance whose Futures this registration's Future forms join (the bridge's too).
    @_spi(Reach5Future) public var owner: ReachFive { reachfive }
    private let authToken: AuthToken
    private let trustDevice: Bool

    init(credentialType: CredentialType, reachfive: ReachFive, authToken: AuthToken, trustDevice: Bool = false) {
        self.credentialType = credentialType
        self.reachfive = reachfive
        self.authToken = authToken
        self.trustDevice = trustDevice
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verify(code: String, freshAuthToken: AuthToken? = nil, freshTrustDevice: Bool? = nil) async throws -> MfaCredentialItem {
        try await reachfive.mfaVerify(
            credentialType, code: code, authToken: freshAuthToken ?? authToken, trustDevice: freshTrustDevice ?? trustDevice)
    }

}

/// What a registration start gives: the factor at once, or a registration to complete.
public enum MfaStartRegistrationResponse: Sendable {
    case Success(_ success: MfaCredentialItem)
    case VerificationNeeded(_ continueRegistration: ContinueRegistration)
}

/// Told how an emailed MFA registration link ended (``ReachFive/interceptUrl(_:)`` with the link).
public typealias MfaCredentialRegistrationCallback = (_ result: Result<Void, ReachFiveError>) -> Void
