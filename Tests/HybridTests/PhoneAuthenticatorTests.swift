import Authenticator
import CTAP
import Picker
import Testing

@testable import Hybrid

/// The phone's authenticator as the tunnel reaches it, through the one CTAP codec: what the
/// laptop encodes, it decodes; and an allow list naming only other credential types is not an
/// open request (the device's rule too).
@Suite struct PhoneAuthenticatorTests {
    static let hash = [UInt8](repeating: 1, count: 32)

    @Test func anAllowListOfOtherTypesAllowsNoPasskey() async throws {
        let phone = try Device()
        let authenticator = PhoneAuthenticator(picker: phone.picker, user: PolicyUserDriver(.first))
        let made = await authenticator.handle(
            CTAPMakeCredential.Request(
                clientDataHash: Self.hash, rpId: "localhost", rpName: "Local",
                user: CTAPUserEntity(id: [1], name: "ada", displayName: "Ada"),
                pubKeyCredParams: [.init(alg: .es256)], options: CTAPOptions(residentKey: true, userVerification: true)
            ).encoded)
        #expect(made.first == CTAPStatus.ok.rawValue)
        let body = try CTAPMakeCredential.Response(body: Array(made.dropFirst()))
        #expect(body.format == "none" || body.format == "packed")

        let open = await authenticator.handle(CTAPGetAssertion.Request(rpId: "localhost", clientDataHash: Self.hash).encoded)
        #expect(open.first == CTAPStatus.ok.rawValue)
        #expect(try CTAPGetAssertion.Response(body: Array(open.dropFirst())).user?.id == [1])

        let others = await authenticator.handle(
            CTAPGetAssertion.Request(
                rpId: "localhost", clientDataHash: Self.hash, allowList: [CTAPCredentialDescriptor(id: [1], type: "future")]
            ).encoded)
        #expect(others == [CTAPStatus.noCredentials.rawValue])
        // A command the phone does not know is INVALID_COMMAND, not a parameter error.
        #expect(await authenticator.handle([0x42]) == [CTAPStatus.invalidCommand.rawValue])
    }
}
