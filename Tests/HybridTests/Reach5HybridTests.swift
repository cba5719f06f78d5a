import Foundation
import Hybrid
import HybridTunnel
import Picker
import Reach5
import Reach5Testing
import Testing
import Vault

/// The SDK's flows through a nearby phone: a passkey signup saved on the phone ("save on another
/// device"), then `login(withRequest:usingModalAuthorizationFor: [.Passkey], display: .Always)` on a
/// laptop whose keychain is empty, signed by the phone — the login seed page's "QR code to allow
/// signing in with a passkey from a nearby device", answered.
@Suite(.serialized) struct Reach5HybridTests {
    /// A phone that answers every QR code the laptop shows, while the test runs.
    final class Phone: @unchecked Sendable {
        let role: HybridPhone
        let tunnel: URL
        let feed = QRFeed()
        private(set) var task: Task<[HybridPhone.Outcome], any Error>?

        init(tunnel: URL, user: UserDriver) throws {
            let device = try Device()
            role = HybridPhone(picker: device.picker, user: user, timeout: 30)
            self.tunnel = tunnel
            self.vault = device.vault
        }
        let vault: Vault

        func answer(_ count: Int) {
            task = Task { [role, tunnel, feed] in
                var outcomes: [HybridPhone.Outcome] = []
                for _ in 0..<count {
                    guard let qr = await feed.next() else { break }
                    outcomes.append(try await role.answer(try HybridQRPayload(url: qr), tunnel: tunnel))
                }
                return outcomes
            }
        }
    }

    @Test func passkeySignupOnThePhoneThenModalLoginFromAnEmptyKeychain() async throws {
        let service = try await TunnelService.start()
        let tunnel = try #require(URL(string: service.baseURL))
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let phone = try Phone(tunnel: tunnel, user: PolicyUserDriver(.first))
        phone.answer(2)

        // The laptop's keychain is empty; its user picks "use a passkey from a nearby device".
        let laptop = try HeadlessPresentation.ephemeral(.nearbyDevice)
        laptop.picker.nearbyDevice = HybridLaptop(tunnel: tunnel, timeout: 30, publicSuffixList: nil) { phone.feed.continuation.yield($0) }
        let signedUp = try await reachfive.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "kim@example.com"), friendlyName: "Kim's phone", anchor: laptop))
        #expect(signedUp.user?.email == "kim@example.com")
        #expect(try phone.vault.passkeys(rpId: "localhost").count == 1)
        #expect(try laptop.vault.passkeys(rpId: "localhost").isEmpty)

        let token = try await reachfive.login(
            withRequest: NativeLoginRequest(anchor: laptop), usingModalAuthorizationFor: [.Passkey], display: .Always)
        guard case .AchievedLogin(let authToken) = token else {
            Issue.record("expected a login, got \(token)")
            return
        }
        #expect(authToken.user?.id == signedUp.user?.id)
        #expect(try await phone.task?.value.map(\.statuses) == [[0x00], [0x00]])

        // With no phone configured, the same choice still ends in AuthCanceled, as before.
        let unanswered = try HeadlessPresentation.ephemeral(.nearbyDevice)
        do {
            _ = try await reachfive.login(
                withRequest: NativeLoginRequest(anchor: unanswered), usingModalAuthorizationFor: [.Passkey], display: .Always)
            Issue.record("nobody answers the QR code: AuthCanceled expected")
        } catch ReachFiveError.AuthCanceled {
            // as the SDK reports a dismissed sheet
        }
        await server.stop()
        await service.stop()
    }
}
