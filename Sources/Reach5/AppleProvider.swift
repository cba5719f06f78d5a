import Foundation
import Picker

/// Sign in with Apple's creator: `AppleProvider(variant: "native")` picks the server's variant.
public class AppleProvider: ProviderCreator {
    public static let NAME = "apple"

    public var name: String = NAME
    public var variant: String?

    public init(variant: String? = nil) {
        self.variant = variant
    }

    public func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        ConfiguredAppleProvider(reachFive: reachFive, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
    }
}

/// Apple's provider once configured: the modal sheet with only Sign in with Apple, answered by the
/// headless keychain's Apple account, then `/oauth/authorize?provider=apple:<variant>`.
final class ConfiguredAppleProvider: NSObject, Provider, ReachFiveBoundProvider, @unchecked Sendable {
    let name: String = AppleProvider.NAME
    let providerConfig: ProviderConfig
    let clientConfigResponse: ClientConfigResponse
    /// Weak: the `ReachFive` retains its providers.
    private weak var reachfive: ReachFive?

    init(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) {
        reachfive = reachFive
        self.providerConfig = providerConfig
        self.clientConfigResponse = clientConfigResponse
    }

    var boundReachFive: ReachFive? { reachfive }

    func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken {
        guard let reachfive else { throw ReachFiveError.TechnicalError(reason: "ReachFive instance was deallocated") }
        let scope = scope ?? clientConfigResponse.scope.components(separatedBy: " ")
        let request = NativeLoginRequest(
            presenting: presenting, originWebAuthn: reachfive.sdkConfig.originWebAuthn, scopes: scope, origin: origin)
        return try Self.token(
            await reachfive.login(withRequest: request, usingModalAuthorizationFor: [.SignInWithApple], display: .Always))
    }

    private static func token(_ token: AuthToken) -> AuthToken { token }

    private static func token(_ flow: LoginFlow) throws -> AuthToken {
        switch flow {
        case .AchievedLogin(let authToken): return authToken
        case .OngoingStepUp:
            throw ReachFiveError.TechnicalError(reason: "Should not happen: MFA Step Up in a Sign In with Apple flow")
        }
    }

    func logout() {}

    override var description: String { "Provider: \(name)" }
}

extension HeadlessPresentation {
    /// The JWKS of this keychain's Sign in with Apple issuer: what a server must trust
    /// (`apple.jwks`) for the Apple provider's login to verify (Latchkey's addition).
    public func appleJWKS() throws -> String { try AppleIDIssuer.load(from: vault).jwks }
}
