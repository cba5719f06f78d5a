import Authenticator
import Foundation
import Hybrid
import HybridTunnel
import Picker
import Testing
import Vault
import WebAuthn

/// Two devices over the loopback tunnel service: the phone's vault makes a passkey that the
/// laptop's request asked for, and a later sign-in on the laptop uses it; both results pass the
/// RP verifier. The laptop's vault never holds the key.
@Suite(.serialized) struct HybridSessionTests {
    @Test func registrationThenAssertionThroughThePhone() async throws {
        let service = try await TunnelService.start()
        let tunnel = try #require(URL(string: service.baseURL))
        let phone = try Device()
        let laptop = try Device()
        let feed = QRFeed()
        laptop.picker.nearbyDevice = HybridLaptop(tunnel: tunnel, timeout: 120, publicSuffixList: nil) { feed.continuation.yield($0) }
        let phoneRole = HybridPhone(picker: phone.picker, user: PolicyUserDriver(.first), timeout: 120)

        // Registration: "save on another device" on the laptop's create sheet.
        async let answeredRegistration = phoneRole.answer(try HybridQRPayload(url: await feed.next() ?? ""), tunnel: tunnel)
        let created = await laptop.perform([.passkeyRegistration(try Options.creation())], user: PolicyUserDriver(.nearbyDevice))
        #expect(try await answeredRegistration.commands == [0x01])
        guard case .success(.passkeyRegistration(let registration)) = created else {
            Issue.record("\(created)")
            return
        }
        #expect(registration.authenticatorAttachment?.known == .crossPlatform)
        #expect(registration.response.transports == ["hybrid"])
        let verified = try RegistrationVerifier.verify(
            registration,
            expectations: .init(
                clientData: .init(expectedChallenge: Options.challenge, expectedOrigins: ["https://localhost"]), rpId: "localhost",
                requireUserVerification: true))
        #expect(try phone.vault.passkeys(rpId: "localhost").count == 1)
        #expect(try laptop.vault.passkeys(rpId: "localhost").isEmpty)

        // Assertion: the laptop's sheet, "use a passkey from a nearby device".
        async let answeredAssertion = phoneRole.answer(try HybridQRPayload(url: await feed.next() ?? ""), tunnel: tunnel)
        let signed = await laptop.perform([.passkeyAssertion(try Options.request())], user: PolicyUserDriver(.nearbyDevice))
        #expect(try await answeredAssertion.statuses == [.ok])
        guard case .success(.passkeyAssertion(let assertion)) = signed else {
            Issue.record("\(signed)")
            return
        }
        #expect(assertion.authenticatorAttachment?.known == .crossPlatform)
        #expect(assertion.rawId.bytes == verified.credentialId)
        let result = try AuthenticationVerifier.verify(
            assertion,
            expectations: .init(
                clientData: .init(expectedChallenge: Options.challenge, expectedOrigins: ["https://localhost"]), rpId: "localhost",
                credentialPublicKey: verified.credentialPublicKey, requireUserVerification: true))
        #expect(result.userVerified)
        // The service closes the phone's side once the laptop has left (a moment later, on its own
        // tasks): no tunnel stays open.
        var open = await service.openTunnels
        for _ in 0..<200 where open != 0 {
            try await Task.sleep(nanoseconds: 50_000_000)
            open = await service.openTunnels
        }
        #expect(open == 0)
        await service.stop()
    }
}
