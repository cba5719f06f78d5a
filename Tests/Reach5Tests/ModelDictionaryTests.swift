import Foundation
import Testing

@testable import Reach5

/// 11.0's MFA and trusted-device models are `DictionaryEncodable`, as its request and profile
/// models are: `dictionary()` gives the wire form (snake_case keys, nil fields absent). And its
/// providers are `NSObject`s, so an app's `provider.description` or `as? NSObject` still works.
@Suite struct ModelDictionaryTests {
    @Test func trustedDevicesGiveTheirWireDictionaries() throws {
        let device = TrustedDevice(
            id: "d1", userId: "u1", createdAt: "2026-11-26T00:00:00Z",
            metadata: DeviceMetadata(ip: "127.0.0.1", operatingSystem: "Linux", userAgent: nil, deviceClass: "desktop", deviceName: nil))
        let dictionary = try #require(device.dictionary())
        #expect(dictionary["user_id"] as? String == "u1")
        #expect(dictionary["created_at"] as? String == "2026-11-26T00:00:00Z")
        let metadata = try #require(dictionary["metadata"] as? [String: Any])
        #expect(metadata["operating_system"] as? String == "Linux")
        #expect(metadata["device_class"] as? String == "desktop")
        #expect(metadata["user_agent"] == nil, "a nil field is absent")
        let list = try #require(MfaListTrustedDevices(trustedDevices: [device]).dictionary())
        #expect((list["trusted_devices"] as? [[String: Any]])?.first?["id"] as? String == "d1")
    }

    @Test func stepUpModelsGiveTheirWireDictionaries() throws {
        let pkce = Pkce.generate()
        let request = StartMfaStepUpRequest(
            clientId: "c", redirectUri: try #require(URL(string: "app://mfa")), pkce: pkce, scope: "openid", tkn: "t")
        let dictionary = try #require(request.dictionary())
        #expect(dictionary["client_id"] as? String == "c")
        #expect(dictionary["code_challenge"] as? String == pkce.codeChallenge)
        #expect(dictionary["code_challenge_method"] as? String == "S256")
        #expect(dictionary["action"] == nil)
        let response = try #require(StartMfaStepUpResponse(amr: [.email, .sms], token: "tok").dictionary())
        #expect(response["amr"] as? [String] == ["email", "sms"])
        #expect(response["token"] as? String == "tok")
        let verify = try #require(
            VerifyMfaPasswordlessRequest(challengeId: "ch", verificationCode: "123456", trustDevice: true).dictionary())
        #expect(verify["challenge_id"] as? String == "ch")
        #expect(verify["trust_device"] as? Bool == true)
    }

    @Test func providersAreNSObjects() throws {
        let reachfive = ReachFive(sdkConfig: SdkConfig(domain: "example.reach5.net", clientId: "abc"))
        let config = ProviderConfig(provider: "google", variant: "", clientId: "g", scope: nil)
        let web: Provider = DefaultProvider(reachfive: reachfive, providerConfig: config)
        #expect(web is NSObject)
        #expect((web as? NSObject)?.description == "Provider: google")
        #expect(String(describing: web) == "Provider: google")
    }
}
