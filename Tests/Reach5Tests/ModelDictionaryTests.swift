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

    /// A password signup's profile is a passkey signup's profile plus the password, sent as one
    /// object (snake_case, nils absent) and read back the same.
    @Test func aPasswordSignupProfileIsOneObjectWithThePassword() throws {
        let profile = ProfileSignupRequest(
            password: "correct horse", email: "ada@example.com", givenName: "Ada", customFields: ["tier": .string("gold")],
            consents: ["news": Consent(granted: true, consentType: "opt-in", date: "2026-11-27T00:00:00Z")], liteOnly: false)
        let dictionary = try #require(profile.dictionary())
        #expect(dictionary["password"] as? String == "correct horse")
        #expect(dictionary["email"] as? String == "ada@example.com")
        #expect(dictionary["given_name"] as? String == "Ada")
        #expect(dictionary["lite_only"] as? Bool == false)
        #expect((dictionary["custom_fields"] as? [String: Any])?["tier"] as? String == "gold")
        #expect(dictionary["family_name"] == nil, "a nil field is absent")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let back = try decoder.decode(ProfileSignupRequest.self, from: JSONSerialization.data(withJSONObject: dictionary))
        #expect(back.password == "correct horse")
        #expect(back.email == "ada@example.com" && back.givenName == "Ada" && back.liteOnly == false)
        #expect(back.consents?["news"]?.granted == true)
        // Without a password it is not a password signup's profile.
        #expect(throws: DecodingError.self) {
            try decoder.decode(ProfileSignupRequest.self, from: Data(#"{"email":"ada@example.com"}"#.utf8))
        }
    }
}
