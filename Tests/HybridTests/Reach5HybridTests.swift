import Foundation
import Picker
import Reach5Testing
import Testing
import Vault

/// The SDK's flows through a nearby phone: a passkey signup saved on the phone ("save on another
/// device"), then `login(withRequest:usingModalAuthorizationFor: [.Passkey], display: .Always)` on a
/// laptop whose keychain is empty, signed by the phone — the login seed page's "QR code to allow
/// signing in with a passkey from a nearby device", answered.
@Suite(.serialized) struct Reach5HybridTests {
    @Test func passkeySignupOnThePhoneThenModalLoginFromAnEmptyKeychain() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let phone = try await NearbyPhone.start()

        // The laptop's keychain is empty; its user picks "use a passkey from a nearby device".
        let laptop = try HeadlessPresentation.ephemeral(.nearbyDevice)
        phone.attach(to: laptop, timeout: 120)
        let signedUp = try await reachfive.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "kim@example.com"), friendlyName: "Kim's phone",
                presenting: Presentation(from: laptop)))
        #expect(signedUp.user?.email == "kim@example.com")
        #expect(try phone.presentation.vault.passkeys(rpId: "localhost").count == 1)
        #expect(try laptop.vault.passkeys(rpId: "localhost").isEmpty)

        let token = try await reachfive.login(
            withRequest: NativeLoginRequest(presenting: Presentation(from: laptop)), usingModalAuthorizationFor: [.Passkey],
            display: .Always)
        guard case .AchievedLogin(let authToken) = token else {
            Issue.record("expected a login, got \(token)")
            return
        }
        #expect(authToken.user?.id == signedUp.user?.id)
        #expect(phone.outcomes.map(\.statuses) == [[.ok], [.ok]], "\(phone.errors)")

        // With no phone configured, the same choice still ends in AuthCanceled, as before.
        let unanswered = try HeadlessPresentation.ephemeral(.nearbyDevice)
        do {
            _ = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: unanswered)), usingModalAuthorizationFor: [.Passkey],
                display: .Always)
            Issue.record("nobody answers the QR code: AuthCanceled expected")
        } catch ReachFiveError.AuthCanceled {
            // as the SDK reports a dismissed sheet
        }
        await phone.stop()
        await server.stop()
    }

    /// Two hybrid sheets and a modal password login at once, in one process: each waits on its
    /// phone or its person without holding a thread (the picker is async all the way to the
    /// socket), so none starves the others, even with the two threads of a 2-core box's pool.
    @Test(.timeLimit(.minutes(3))) func twoHybridSheetsAndAPasswordLoginAtOnceAllFinish() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        var laptops: [HeadlessPresentation] = []
        var phones: [NearbyPhone] = []
        for email in ["ana@example.com", "ben@example.com"] {
            let phone = try await NearbyPhone.start()
            let laptop = try HeadlessPresentation.ephemeral(.nearbyDevice)
            phone.attach(to: laptop, timeout: 120)
            _ = try await reachfive.signup(
                withRequest: PasskeySignupRequest(
                    passkeyProfile: ProfilePasskeySignupRequest(email: email), friendlyName: "phone", presenting: Presentation(from: laptop)
                ))
            laptops.append(laptop)
            phones.append(phone)
        }
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: "correct horse battery staple", email: "cy@example.com"))
        let desk = try HeadlessPresentation.ephemeral(.first)
        _ = try desk.vault.add(
            .password(PasswordItem(domain: "localhost", username: "cy@example.com", password: "correct horse battery staple")))

        func login(_ anchor: HeadlessPresentation, _ kinds: [ModalAuthorization]) async throws -> String? {
            let flow = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: anchor)), usingModalAuthorizationFor: kinds, display: .Always
            )
            guard case .AchievedLogin(let token) = flow else { return nil }
            return token.user?.email
        }
        // Taken out of the array first: a child task must not capture the mutable array itself.
        let (laptopA, laptopB) = (laptops[0], laptops[1])
        async let first = login(laptopA, [.Passkey])
        async let second = login(laptopB, [.Passkey])
        async let password = login(desk, [.Password])
        let emails = try await [first, second, password]
        #expect(emails == ["ana@example.com", "ben@example.com", "cy@example.com"])
        for phone in phones { await phone.stop() }
        await server.stop()
    }
}
