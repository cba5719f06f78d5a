import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// What the provider examples take from outside Reach5: the creators of ReachFive's separate
// provider packages (Reach5Google, Reach5Facebook, Reach5WeChat) and the guide's third-party
// `MyNativeSDK`. On Linux each stands in as a web provider of its name.

struct GoogleProvider: ProviderCreator {
    var name = "google"
    var variant: String?
    func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        WebProvider(name: .google, variant: variant).create(
            reachFive: reachFive, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
    }
}

struct FacebookProvider: ProviderCreator {
    var name = "facebook"
    var variant: String?
    func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        WebProvider(name: .facebook, variant: variant).create(
            reachFive: reachFive, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
    }
}

struct WeChat: ProviderCreator {
    var name = "wechat"
    var variant: String?
    func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        WebProvider(name: .line, variant: variant).create(
            reachFive: reachFive, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
    }
}

/// The guide's third-party SDK: its login gives an authorization code the test chose.
final class MyNativeSDK: @unchecked Sendable {
    static let shared = MyNativeSDK()
    var code = "code-from-my-native-sdk"
    private(set) var loggedOut = false
    func login(presenting: HeadlessPresentation) async throws -> String { code }
    func logout() { loggedOut = true }
}

typealias MyProvider = E110_customProviderWrappingNativeSDK.MyProvider
