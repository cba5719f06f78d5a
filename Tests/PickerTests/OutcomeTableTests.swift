import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import Vault
import WebAuthn

@testable import Picker

/// docs/design/authenticators.md §3.2, all 16 rows: the sheet presented (or none), whether the user
/// driver was consulted, and the exact result or ASAuthorizationError code.
@Suite struct OutcomeTableTests {
    enum Row: Int, CaseIterable, CustomTestStringConvertible {
        case r1 = 1
        case r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16
        var testDescription: String { "row \(rawValue)" }
    }

    enum Expected: Equatable {
        case error(AuthorizationError.Code)
        case passkeyAssertion, passkeyRegistration
        case password(String)
        case appleID
    }

    struct Outcome {
        var sheet: Sheet?
        var driverCalled: Bool
        var result: Expected
    }

    func run(
        _ f: PickerFixture, _ requests: [AuthorizationRequest], _ mode: DisplayMode, _ script: [UserDecision],
        check: (AuthorizationResult) throws -> Void = { _ in }
    ) async throws -> Outcome {
        let driver = ScriptedUserDriver(script)
        let expected: Expected
        switch await f.picker.outcome(requests, mode: mode, origin: f.origin, user: driver) {
        case .failure(let e):
            expected = .error(e.code)
        case .success(let result):
            try check(result)
            switch result {
            case .passkeyAssertion: expected = .passkeyAssertion
            case .passkeyRegistration: expected = .passkeyRegistration
            case .password(let u, _): expected = .password(u)
            case .appleID: expected = .appleID
            }
        }
        #expect(driver.remaining == 0, "the script was not used up")
        return Outcome(sheet: driver.sheetsSeen.last, driverCalled: !driver.sheetsSeen.isEmpty, result: expected)
    }

    func nearby(_ s: Sheet?) -> Bool {
        s?.options.contains {
            if case .nearbyDevice(let qr) = $0 { return qr.hasPrefix("FIDO:/") }
            return false
        } ?? false
    }
    func appleSignUp(_ s: Sheet?) -> Bool {
        s?.options.contains {
            if case .signUpWithApple = $0 { return true }
            return false
        } ?? false
    }

    @Test(arguments: Row.allCases)
    func outcome(_ row: Row) async throws {
        let f = try PickerFixture()
        switch row {
        case .r1: // any mix, immediate, nothing local → no UI, canceled
            let o = try await run(
                f, [.passkeyAssertion(f.request()), .password, .appleID(f.apple)], .ifImmediatelyAvailableCredentials, [])
            #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.canceled))

        case .r2: // any mix, immediate, local credentials → sheet of local ones only, in request order
            try await f.addPasskey()
            try f.addPassword()
            let o = try await run(
                f, [.passkeyAssertion(f.request()), .password, .appleID(f.apple)], .ifImmediatelyAvailableCredentials, [.select(index: 1)])
            #expect(o.sheet?.entries.map(\.kind) == [.passkey, .password] && o.sheet?.options == [])
            #expect(o.sheet?.entries.map(\.index) == [0, 1])
            #expect(o.result == .password("bob@example.com"))

        case .r3: // passkey only, always, nothing local → nearby-device QR sheet; the user can only cancel
            let o = try await run(f, [.passkeyAssertion(f.request())], .always, [.useNearbyDevice])
            #expect(o.sheet?.entries.isEmpty == true && nearby(o.sheet) && o.result == .error(.canceled))

        case .r4: // passkey only, always, local → passkeys plus the nearby option; pick → assertion
            let (id, key) = try await f.addPasskey()
            let request = f.request()
            let o = try await run(f, [.passkeyAssertion(request)], .always, [.select(index: 0)]) { result in
                guard case .passkeyAssertion(let a) = result else { return }
                #expect(a.rawId.bytes == id)
                // Verified as an RP would, by §7.2.
                _ = try AuthenticationVerifier.verify(
                    a,
                    expectations: AuthenticationExpectations(
                        clientData: ClientDataPolicy(expectedChallenge: request.challenge.bytes, expectedOrigins: [f.origin]),
                        rpId: f.rpId, credentialPublicKey: key.bytes))
            }
            #expect(o.sheet?.entries.map(\.username) == ["alice"] && nearby(o.sheet) && o.result == .passkeyAssertion)

        case .r5: // password only, always, nothing saved → no UI, canceled
            let o = try await run(f, [.password], .always, [])
            #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.canceled))

        case .r6: // password only, always, saved → sheet of passwords; the stored bytes come back exactly
            try f.addPassword("bob@example.com", "pa55'; DROP--\u{0}é🔑", domain: "https://login.example.com/signin")
            let o = try await run(f, [.password], .always, [.select(index: 0)]) { result in
                guard case .password(_, let p) = result else { return }
                #expect(Array(p.utf8) == Array("pa55'; DROP--\u{0}é🔑".utf8))
            }
            #expect(o.sheet?.entries.map(\.kind) == [.password] && o.sheet?.options == [] && o.result == .password("bob@example.com"))

        case .r7: // Sign in with Apple, no Apple ID yet → sign-up sheet; continue → a stored Apple ID credential
            let o = try await run(f, [.appleID(f.apple)], .always, [.continueWithApple]) { result in
                guard case .appleID(let c) = result else { return }
                #expect(c.email == "jane@icloud.example" && c.fullName == "Jane Appleseed")
                let stored = try f.vault.appleIDs(clientId: f.apple.clientId).count
                #expect(stored == 1)
            }
            #expect(o.sheet?.entries.isEmpty == true && appleSignUp(o.sheet) && o.result == .appleID)

        case .r8: // passkey + password + Apple ID, always, nothing local → nearby QR (and Apple sign-up); dismiss → canceled
            let o = try await run(f, [.passkeyAssertion(f.request()), .password, .appleID(f.apple)], .always, [.cancel])
            #expect(o.sheet?.entries.isEmpty == true && nearby(o.sheet) && appleSignUp(o.sheet) && o.result == .error(.canceled))

        case .r9: // restricted passkey request, always, none of the allowed ids local → nearby QR; dismiss → canceled
            try await f.addPasskey()
            let o = try await run(f, [.passkeyAssertion(f.request(allow: [[9, 9, 9]]))], .always, [.cancel])
            #expect(o.sheet?.entries.isEmpty == true && nearby(o.sheet) && o.result == .error(.canceled))

        case .r10: // same, immediate → no UI, canceled
            try await f.addPasskey()
            let o = try await run(f, [.passkeyAssertion(f.request(allow: [[9, 9, 9]]))], .ifImmediatelyAvailableCredentials, [])
            #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.canceled))

        case .r11: // restricted request with no allowed ids → refused before any UI
            for mode in [DisplayMode.always, .ifImmediatelyAvailableCredentials] {
                let o = try await run(f, [.passkeyAssertion(f.request(allow: []))], mode, [])
                #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.failed))
            }

        case .r12: // empty batch → refused up front
            let o = try await run(f, [], .always, [])
            #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.failed))

        case .r13: // registration whose excluded credentials match a local passkey
            let (id, _) = try await f.addPasskey()
            let o = try await run(f, [.passkeyRegistration(f.creation(user: [2], name: "carol", exclude: [id]))], .always, [])
            #expect(o.sheet == nil && !o.driverCalled && o.result == .error(.matchedExcludedCredential))

        case .r14: // registration → create sheet; consent → registration, dismiss → canceled
            let o = try await run(f, [.passkeyRegistration(f.creation())], .always, [.createPasskey])
            #expect(o.sheet?.options == [.createPasskey(rpId: "example.com", userName: "alice")] && o.result == .passkeyRegistration)
            let dismissed = try await run(f, [.passkeyRegistration(f.creation(user: [3], name: "dave"))], .always, [.cancel])
            #expect(dismissed.result == .error(.canceled))

        case .r15: // auto-fill: platform passkey assertion only, offered as suggestions
            try await f.addPasskey()
            let o = try await run(f, [.passkeyAssertion(f.request())], .autoFill, [.select(index: 0)])
            #expect(o.sheet?.style == .autoFill && o.sheet?.options == [] && o.result == .passkeyAssertion)
            let mixed = try await run(f, [.passkeyAssertion(f.request()), .password], .autoFill, [])
            #expect(!mixed.driverCalled && mixed.result == .error(.failed))

        case .r16: // a new request while one is pending cancels the earlier one
            try await supersededRequestIsCanceled(f)
        }
    }

    func supersededRequestIsCanceled(_ f: PickerFixture) async throws {
        try await f.addPasskey()
        try f.addPassword()
        let newer = ScriptedUserDriver([.select(index: 0)])
        let anchor = PresentationAnchor()
        let earlier = SupersedingDriver(picker: f.picker, origin: f.origin, newer: newer, anchor: anchor)
        let result = await f.picker.outcome(
            [.passkeyAssertion(f.request())], mode: .always, origin: f.origin, user: earlier, anchor: anchor)
        guard case .failure(let error) = result else {
            Issue.record("the earlier request was not canceled")
            return
        }
        #expect(earlier.sheetsSeen.count == 1 && error.code == .canceled)
        guard case .password? = earlier.newerResult else {
            Issue.record("the newer request did not complete")
            return
        }
    }
}

/// A user who, while the first sheet is up, starts a second request (as an app starting a new
/// login would), then picks in the first sheet.
final class SupersedingDriver: UserDriver, @unchecked Sendable {
    let picker: CredentialPicker
    let origin: String
    let newer: ScriptedUserDriver
    let anchor: PresentationAnchor
    var sheetsSeen: [Sheet] = []
    var newerResult: AuthorizationResult?
    var userVerification: UserVerificationOutcome { .verified }

    init(picker: CredentialPicker, origin: String, newer: ScriptedUserDriver, anchor: PresentationAnchor) {
        self.picker = picker
        self.origin = origin
        self.newer = newer
        self.anchor = anchor
    }

    func choose(_ sheet: Sheet) async throws -> UserDecision {
        sheetsSeen.append(sheet)
        newerResult = try? await picker.perform([.password], mode: .always, origin: origin, user: newer, anchor: anchor)
        return .select(index: 0)
    }
}
