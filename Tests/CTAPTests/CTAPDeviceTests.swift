import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import Vault
import WebAuthn

@testable import CTAP

/// The CTAP 2.1 command layer, called directly: PIN rules and counters, token permissions and
/// RP binding, getNextAssertion, credential management, reset, and CTAP errors for bad input.
@Suite struct CTAPDeviceTests {
    @Test func getInfoDescribesTheDevice() throws {
        let host = CTAPHost(device: try CTAPDevice())
        let reply = host.call(.getInfo)
        #expect(reply.status == .ok)
        #expect(reply.body?[int: 1] == .array(["U2F_V2", "FIDO_2_0", "FIDO_2_1"]))
        #expect(reply.body?[int: 6] == .array([.int(2), .int(1)]))
        #expect(reply.body?[int: 4]?[text: "clientPin"] == .bool(false))
        #expect(reply.body?[int: 3]?.bytesValue == AuthenticatorProfile.securityKey.aaguid.bytes)
    }

    @Test(arguments: PinUvAuthProtocol.allCases) func pinRetriesAndLockout(_ proto: PinUvAuthProtocol) throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(try host.setPIN("12", proto) == .pinPolicyViolation)
        #expect(try host.setPIN("2468", proto) == .ok)
        #expect(try host.setPIN("1357", proto) == .pinAuthInvalid)
        // Three wrong PINs in a row: PIN_INVALID twice, then PIN_AUTH_BLOCKED until a power cycle.
        #expect(try host.tokenStatus("0000", permissions: 1, rpId: "example.com", proto) == .pinInvalid)
        #expect(try host.tokenStatus("0000", permissions: 1, rpId: "example.com", proto) == .pinInvalid)
        #expect(try host.tokenStatus("0000", permissions: 1, rpId: "example.com", proto) == .pinAuthBlocked)
        #expect(try host.tokenStatus("2468", permissions: 1, rpId: "example.com", proto) == .pinAuthBlocked)
        #expect(host.call(.clientPIN, [(0x01, .int(proto.rawValue)), (0x02, 1)]).body?[int: 3] == .int(5))
    }

    @Test func eightWrongPINsBlockThePIN() throws {
        let device = try CTAPDevice()
        let host = CTAPHost(device: device)
        #expect(try host.setPIN("2468") == .ok)
        var last = CTAPStatus.other
        for attempt in 1...8 {
            if attempt % 3 == 0 { device.pin.powerCycle() }
            last = try host.tokenStatus("0000", permissions: 1, rpId: "example.com")
        }
        #expect(last == .pinBlocked)
        device.pin.powerCycle()
        #expect(try host.tokenStatus("2468", permissions: 1, rpId: "example.com") == .pinBlocked)
    }

    @Test func tokensCarryTheirPermissionsAndRP() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(try host.setPIN("2468") == .ok)
        // Without a token a PIN-protected device will not make a discoverable credential.
        #expect(host.makeCredential(user: [1]).status == .puatRequired)
        #expect(try host.tokenStatus("2468", permissions: 0x20, rpId: nil) == .unauthorizedPermission)
        #expect(try host.tokenStatus("2468", permissions: 1, rpId: nil) == .missingParameter)
        let token = try host.token("2468", permissions: 1, rpId: "example.com").get()
        #expect(host.makeCredential(user: [1], token: token).status == .ok)
        #expect(host.makeCredential(rpId: "other.example", user: [1], token: token).status == .pinAuthInvalid)
        #expect(host.makeCredential(user: [2], token: SecureBytes(SystemRandom.bytes(32))).status == .pinAuthInvalid)
        let gaOnly = try host.token("2468", permissions: 2, rpId: "example.com").get()
        #expect(host.makeCredential(user: [3], token: gaOnly).status == .pinAuthInvalid)
    }

    @Test func aTokenIsSpentByTheCommandItAuthorised() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(try host.setPIN("2468") == .ok)
        let token = try host.token("2468", permissions: 3, rpId: "example.com").get()
        #expect(host.makeCredential(user: [1], token: token).status == .ok)
        #expect(host.makeCredential(user: [2], token: token).status == .pinAuthInvalid, "permissions are cleared after use")
        // A token issued under protocol two does not answer to protocol one's MAC.
        let fresh = try host.token("2468", permissions: 1, rpId: "example.com", .two).get()
        #expect(host.makeCredential(user: [3], token: fresh, .one).status == .pinAuthInvalid)
    }

    @Test func anRPBoundManagementTokenManagesOnlyItsRP() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(host.makeCredential(user: [1]).status == .ok)
        #expect(host.makeCredential(rpId: "other.example", user: [2]).status == .ok)
        #expect(try host.setPIN("2468") == .ok)
        let bound = try host.token("2468", permissions: 4, rpId: "example.com").get()
        #expect(host.manage(1, token: bound).status == .pinAuthInvalid, "metadata covers every RP")
        #expect(host.manage(2, token: bound).status == .pinAuthInvalid, "so does the RP list")
        let own = host.manage(4, .map([(.int(1), .bytes(Digest.sha256("example.com")))]), token: bound)
        #expect(own.status == .ok && own.body?[int: 9] == .int(1))
        #expect(host.manage(4, .map([(.int(1), .bytes(Digest.sha256("other.example")))]), token: bound).status == .pinAuthInvalid)
        let free = try host.token("2468", permissions: 4, rpId: nil).get()
        let all = host.manage(1, token: free)
        #expect(all.status == .ok && all.body?[int: 1] == .int(2))
        // Renaming the account keeps one credential, not two.
        let listed = host.manage(4, .map([(.int(1), .bytes(Digest.sha256("example.com")))]), token: free)
        let descriptor = try #require(listed.body?[int: 7])
        let renamed = host.manage(
            7, .map([(.int(2), descriptor), (.int(3), .map([(.text("id"), .bytes([1])), (.text("name"), .text("renamed"))]))]), token: free)
        #expect(renamed.status == .ok)
        #expect(
            host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32)))]).body?[int: 5] == nil,
            "still one account")
    }

    @Test func hmacSecretNeedsAPersonAndCanonicalCBORIsRequired() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(host.makeCredential(user: [1]).status == .ok)
        let silent = host.call(
            .getAssertion,
            [
                (0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))),
                (0x04, .map([(.text("hmac-secret"), .map([]))])), (0x05, .map([(.text("up"), .bool(false))])),
            ])
        #expect(silent.status == .unsupportedOption)
        // {1: h'00'} with the byte string's length in a needlessly long form.
        #expect(host.device.handle([0x04, 0xA1, 0x01, 0x58, 0x01, 0x00]) == [CTAPStatus.invalidCBOR.rawValue])
    }

    /// §12.5: salts that decrypt to anything but 32 or 64 bytes are INVALID_LENGTH; salts that
    /// do not authenticate are PIN_AUTH_INVALID.
    @Test func hmacSecretSaltsOfTheWrongLengthAreInvalidLength() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(host.makeCredential(user: [1], extensions: [(.text("hmac-secret"), .bool(true))]).status == .ok)
        let (cose, secret) = try host.agree(.two)
        func assertion(_ salts: [UInt8], tamper: Bool = false) throws -> CTAPStatus {
            let enc = try PinUvAuthProtocol.two.encrypt(key: secret, salts)
            var auth = PinUvAuthProtocol.two.authenticate(key: secret, enc)
            if tamper { auth[0] ^= 1 }
            let input: CBOR = .map([(.int(1), cose), (.int(2), .bytes(enc)), (.int(3), .bytes(auth)), (.int(4), .int(2))])
            return host.call(
                .getAssertion,
                [
                    (0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))),
                    (0x04, .map([(.text("hmac-secret"), input)])),
                ]
            ).status
        }
        #expect(try assertion(SystemRandom.bytes(32)) == .ok)
        #expect(try assertion(SystemRandom.bytes(48)) == .invalidLength)
        #expect(try assertion(SystemRandom.bytes(32), tamper: true) == .pinAuthInvalid)
    }

    /// An allow list whose entries are all of another type allows nothing: NO_CREDENTIALS, never
    /// the discoverable credential an absent (or empty) list would pick.
    @Test func anAllowListWithNothingUsableAllowsNothing() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(host.makeCredential(user: [1]).status == .ok)
        let other: CBOR = .array([.map([(.text("id"), .bytes([1, 2, 3])), (.text("type"), .text("future-type"))])])
        #expect(
            host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x03, other)]).status
                == .noCredentials)
        #expect(
            host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x03, .array([]))]).status == .ok)
        #expect(host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32)))]).status == .ok)
    }

    @Test func discoverableAccountsComeOneByOneThroughGetNextAssertion() throws {
        let host = CTAPHost(device: try CTAPDevice())
        for user in 1...3 { #expect(host.makeCredential(user: [UInt8(user)]).status == .ok) }
        let first = host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32)))])
        #expect(first.status == .ok && first.body?[int: 5] == .int(3))
        var handles = [first.body?[int: 4]?[text: "id"]?.bytesValue]
        #expect(first.body?[int: 4]?[text: "name"] == nil, "no names without user verification")
        for _ in 0..<2 {
            let next = host.call(.getNextAssertion)
            #expect(next.status == .ok && next.body?[int: 5] == nil)
            handles.append(next.body?[int: 4]?[text: "id"]?.bytesValue)
        }
        #expect(Set(handles.compactMap { $0 }) == [[1], [2], [3]])
        #expect(host.call(.getNextAssertion).status == .notAllowed)
    }

    @Test func badParametersGetTheirCTAPStatus() throws {
        let host = CTAPHost(device: try CTAPDevice())
        #expect(host.device.handle([]) == [CTAPStatus.invalidLength.rawValue])
        #expect(host.device.handle([0x55]) == [CTAPStatus.invalidCommand.rawValue])
        #expect(host.device.handle([0x01, 0xFF]) == [CTAPStatus.invalidCBOR.rawValue])
        #expect(host.device.handle([0x01, 0x01]) == [CTAPStatus.cborUnexpectedType.rawValue])
        #expect(host.call(.makeCredential, [(0x01, .bytes([0]))]).status == .missingParameter)
        #expect(host.call(.getAssertion, [(0x01, .int(5)), (0x02, .bytes([0]))]).status == .cborUnexpectedType)
        #expect(
            host.call(
                .getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x05, .map([(.text("rk"), .bool(true))]))]
            ).status == .unsupportedOption)
        #expect(host.call(.clientPIN, [(0x01, 3), (0x02, 2)]).status == .invalidParameter)
        #expect(host.call(.clientPIN, [(0x01, 2), (0x02, 0x42)]).status == .invalidSubcommand)
        #expect(
            host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x06, .bytes([]))]).status
                == .pinNotSet)
        #expect(host.call(.credentialManagement, [(0x01, 1)]).status == .puatRequired)
        // §6.1.2 and §6.2.2 step 1: the PIN probe is answered before the fields inside the
        // parameters, the options and the extensions are read.
        let probe: [(Int, CBOR)] = [
            (0x01, .bytes(SystemRandom.bytes(32))), (0x02, .map([(.text("name"), .text("no id"))])), (0x03, .map([])),
            (0x04, .array([.int(1)])), (0x06, .int(7)), (0x07, .map([(.text("rk"), .int(1))])), (0x08, .bytes([])), (0x09, 2),
        ]
        #expect(host.call(.makeCredential, probe).status == .pinNotSet)
        #expect(
            host.call(
                .getAssertion,
                [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x04, .int(7)), (0x05, .int(1)), (0x06, .bytes([]))]
            ).status == .pinNotSet)
    }

    @Test func presenceIsAskedAndItsAnswerHonoured() throws {
        let refusing = CTAPHost(device: try CTAPDevice(presence: PolicyPresence.never))
        #expect(refusing.makeCredential(user: [1], rk: false).status == .operationDenied)
        #expect(refusing.call(.selection).status == .operationDenied)
        let cancelled = CTAPHost(device: try CTAPDevice(presence: PolicyPresence(.cancelled)))
        #expect(cancelled.makeCredential(user: [1], rk: false).status == .keepaliveCancel)
    }

    @Test func aScriptedPersonIsAskedForEachTouchInOrder() throws {
        let person = ScriptedPresence([.confirmed, .denied, .confirmed])
        let host = CTAPHost(device: try CTAPDevice(presence: person))
        #expect(host.makeCredential(user: [1]).status == .ok)
        #expect(host.makeCredential(user: [2]).status == .operationDenied)
        let silent = host.call(
            .getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32))), (0x05, .map([(.text("up"), .bool(false))]))])
        #expect(silent.status == .ok, "up=false asks nobody")
        #expect(host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32)))]).status == .ok)
        #expect(host.call(.selection).status == .operationDenied, "the script ran out")
        #expect(person.requests.map(\.purpose) == [.register, .register, .authenticate, .select])
        #expect(person.requests.first?.rpId == "example.com")
    }

    @Test func resetIsRefusedForAStoreThatIsNotTheDevicesOwn() throws {
        let host = CTAPHost(device: try CTAPDevice(allowReset: false))
        #expect(host.makeCredential(user: [1]).status == .ok)
        #expect(host.call(.reset).status == .notAllowed)
        #expect(host.call(.getAssertion, [(0x01, "example.com"), (0x02, .bytes(SystemRandom.bytes(32)))]).status == .ok)
    }

    /// Acceptance: a passkey made through CTAP is the vault's passkey, which the picker and
    /// `latchkey get` use.
    @Test func aPasskeyMadeThroughCTAPIsInTheVault() throws {
        let dir = try ScratchDirectory.make("ctap-vault")
        let vault = try Vault.create(at: dir.appendingPathComponent("v.db").path, passphrase: Array("pw".utf8), kdf: .init(logN: 10))
        let host = CTAPHost(device: try CTAPDevice(store: VaultCredentialStore(vault: vault), allowReset: false))
        let made = host.makeCredential(user: [7])
        #expect(made.status == .ok)
        let passkeys = try vault.passkeys(rpId: "example.com")
        #expect(passkeys.count == 1 && passkeys.first?.item.userHandle == [7])
        let client = WebAuthnClient(
            authenticator: try SoftwareAuthenticator(profile: .securityKey, store: VaultCredentialStore(vault: vault)),
            publicSuffixList: try PublicSuffixList.loadSystem())
        let assertion = try client.get(
            options: PublicKeyCredentialRequestOptionsJSON(challenge: SystemRandom.bytes(32), rpId: "example.com"),
            origin: "https://example.com")
        #expect(assertion.response.userHandle?.bytes == [7])

        // A credProtect level is kept by the vault, and read back from a reopened one.
        #expect(host.makeCredential(rpId: "protected.example", user: [8], extensions: [(.text("credProtect"), .int(3))]).status == .ok)
        let reopened = try Vault.open(at: vault.path, passphrase: Array("pw".utf8))
        #expect(try reopened.passkeys(rpId: "protected.example").first?.item.credProtect == .userVerificationRequired)
        let fresh = CTAPHost(device: try CTAPDevice(store: VaultCredentialStore(vault: reopened), allowReset: false))
        #expect(fresh.call(.getAssertion, [(0x01, "protected.example"), (0x02, .bytes(SystemRandom.bytes(32)))]).status == .noCredentials)
    }
}
