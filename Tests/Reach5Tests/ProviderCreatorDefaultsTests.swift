import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Testing

/// `ProviderCreator`'s two factories (11.0's `create(reachFive:…)`, 8.2's `create(sdkConfig:…)`)
/// each default to the other, so a creator implements either one. One that implements neither
/// must not recurse: it gets a provider whose login says why.
@Suite struct ProviderCreatorDefaultsTests {
    struct Neither: ProviderCreator {
        var name = "neither"
        var variant: String?
    }

    @Test(arguments: ["11.0", "8.2"])
    func aCreatorImplementingNeitherFactoryGivesAProviderThatSaysSo(_ form: String) async throws {
        let config = SdkConfig(domain: "example.reach5.net", clientId: "client")
        let reachfive = ReachFive(sdkConfig: config)
        let providerConfig = ProviderConfig(provider: "neither", variant: "web", clientId: "c", scope: nil)
        let client = ClientConfigResponse(scope: "openid", sms: false)
        let provider =
            form == "11.0"
            ? Neither().create(reachFive: reachfive, providerConfig: providerConfig, clientConfigResponse: client)
            : Neither().create(
                sdkConfig: config, providerConfig: providerConfig, reachFiveApi: ReachFiveApi(sdkConfig: config),
                clientConfigResponse: client)
        let window = try HeadlessPresentation.ephemeral()
        let error = await #expect(throws: ReachFiveError.self) {
            _ = try await provider.login(scope: nil, origin: "test", presenting: Presentation(from: window))
        }
        #expect(error?.message().contains("implements no create") == true, "\(String(describing: error))")
    }
}
