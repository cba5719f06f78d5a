import ArgumentParser
import Authenticator
import Foundation
import LatchkeyCrypto
import Picker
import Vault
import WebAuthn

/// `latchkey demo --local`: the authenticator's own account of one registration and one sign-in
/// (client data, flags, counter, the RP's signature check), with no server.
struct LocalDemo {
    var profile: String
    var store: String

    func run() async throws {
        guard let chosen = AuthenticatorProfile.named(profile) else { throw ValidationError("unknown profile '\(profile)'") }
        let origin = "https://shop.example.com"
        let rpId = "example.com"
        let scratch = TemporaryVaults()
        defer { scratch.removeAll() }
        let credentialStore: CredentialStore
        var vault: Vault? = nil
        if store == "vault" {
            vault = try scratch.makeVault()
            credentialStore = VaultCredentialStore(vault: vault!)
        } else {
            credentialStore = InMemoryCredentialStore()
        }
        let authenticator = try SoftwareAuthenticator(profile: chosen, store: credentialStore)
        let client = WebAuthnClient(authenticator: authenticator, publicSuffixList: SystemPublicSuffixList.load())
        Console.out("Latchkey demo: a passkey for \(rpId), used from \(origin)")
        Console.out(
            "Authenticator: profile \(chosen.name), AAGUID \(chosen.aaguid), attestation \(chosen.attestation.rawValue), counter \(chosen.counterMode.rawValue)"
        )
        if let vault {
            Console.out("Credential store: a temporary encrypted vault at \(vault.path) (scrypt logN 14, AES-256-GCM records)\n")
        } else {
            Console.out("Credential store: in memory\n")
        }

        // With a vault, the Apple-sheet semantics come first: an immediate request on an empty
        // device ends at once in AuthCanceled, as on iOS.
        var picker: CredentialPicker? = nil
        if let vault {
            picker = try vaultOperation {
                try CredentialPicker(vault: vault, profile: chosen, publicSuffixList: SystemPublicSuffixList.load())
            }
            let probe = PublicKeyCredentialRequestOptionsJSON(challenge: SystemRandom.bytes(32), rpId: rpId, userVerification: .preferred)
            Console.out("0. The app asks for a passkey or password with display .IfImmediatelyAvailableCredentials.")
            do {
                _ = try await picker!.perform(
                    [.passkeyAssertion(probe), .password], mode: .ifImmediatelyAvailableCredentials, origin: origin,
                    user: PolicyUserDriver(.first))
                throw CommandFailure(.failed, "the empty vault produced a credential")
            } catch let e as AuthorizationError {
                Console.out(
                    "   Nothing is stored yet, so no sheet appears: AuthCanceled (ASAuthorizationError \(e.code.rawValue) \(e.code.name)).\n"
                )
            }
        }

        let challenge = SystemRandom.bytes(32)
        let creation = PublicKeyCredentialCreationOptionsJSON(
            rp: .init(id: rpId, name: "Example Shop"),
            user: .init(id: SystemRandom.bytes(16), name: "alice@example.com", displayName: "Alice"),
            challenge: challenge, pubKeyCredParams: [.init(alg: .es256), .init(alg: .rs256)],
            authenticatorSelection: .init(residentKey: .required, userVerification: .preferred),
            attestation: chosen.attestation == .none ? AttestationConveyancePreference.none : .direct, extensions: .init(credProps: true))
        Console.out("1. The RP asks to create a credential (challenge \(Base64URL.encode(challenge).prefix(16))…).")
        let registration: RegistrationResponseJSON
        if let picker {
            Console.out("   The create sheet appears and the (scripted) user accepts it.")
            guard
                case .passkeyRegistration(let r) = try await pickerResult({ () async throws(AuthorizationError) -> AuthorizationResult in
                    try await picker.perform(
                        [.passkeyRegistration(creation)], mode: .always, origin: origin, user: PolicyUserDriver(.first))
                })
            else {
                throw CommandFailure(.failed, "the create sheet returned something else")
            }
            registration = r
        } else {
            do { registration = try client.create(options: creation, origin: origin) } catch {
                throw CommandFailure(.failed, "create failed: \(error)")
            }
        }
        let object = try AttestationObject(bytes: registration.response.attestationObject.bytes)
        let auth = object.authenticatorData
        let stored = auth.attestedCredentialData!
        Console.out("   The client checked the origin against RP ID \(rpId) and built clientDataJSON:")
        Console.out("   \(String(decoding: registration.response.clientDataJSON.bytes, as: UTF8.self))")
        Console.out("   The authenticator made a P-256 key and credential \(registration.id.prefix(20))…")
        Console.out(
            "   attestation fmt '\(object.format)', flags \(Self.describe(auth.flags)), counter \(auth.signCount), credProps.rk=\(registration.clientExtensionResults.credProps?.rk ?? false)"
        )
        Console.out("   rpIdHash matches SHA-256(\"\(rpId)\"): \(auth.rpIdHash == Digest.sha256(rpId))")
        if let vault {
            let report = try vaultOperation { try vault.check() }
            Console.out("   The passkey was stored encrypted: the vault now holds \(report.records) record, its digest verified.")
        }
        Console.out("")

        let loginChallenge = SystemRandom.bytes(32)
        let request = PublicKeyCredentialRequestOptionsJSON(challenge: loginChallenge, rpId: rpId, userVerification: .preferred)
        let assertion: AuthenticationResponseJSON
        if let picker {
            Console.out("2. The app asks again with .IfImmediatelyAvailableCredentials (no allow list: a discoverable login).")
            let driver = PolicyUserDriver(.first)
            guard
                case .passkeyAssertion(let a) = try await pickerResult({ () async throws(AuthorizationError) -> AuthorizationResult in
                    try await picker.perform(
                        [.passkeyAssertion(request), .password], mode: .ifImmediatelyAvailableCredentials, origin: origin, user: driver)
                })
            else {
                throw CommandFailure(.failed, "the sheet returned something else")
            }
            Console.out("   This time the sheet appears, listing: \(driver.sheetsSeen.first?.lines.joined(separator: "; ") ?? "")")
            assertion = a
        } else {
            Console.out("2. The RP asks to sign in (no allow list: a discoverable-credential login).")
            let candidates = try client.candidates(options: request, origin: origin)
            Console.out("   Credentials offered: \(candidates.map { "\($0.userName) (\($0.userDisplayName))" }.joined(separator: ", "))")
            do { assertion = try client.get(options: request, origin: origin) } catch {
                throw CommandFailure(.failed, "get failed: \(error)")
            }
        }
        let assertionData = try AuthenticatorData(bytes: assertion.response.authenticatorData.bytes)
        Console.out(
            "   Signed with credential \(assertion.id.prefix(20))…, flags \(Self.describe(assertionData.flags)), counter \(assertionData.signCount)"
        )
        Console.out("   userHandle returned: \(assertion.response.userHandle != nil)\n")

        let signed = assertion.response.authenticatorData.bytes + Digest.sha256(assertion.response.clientDataJSON.bytes)
        let valid = try stored.credentialPublicKey.publicKey()
            .verify(signature: assertion.response.signature.bytes, message: signed, algorithm: .es256)
        Console.out(
            "3. The RP verifies the signature over authenticatorData ‖ SHA-256(clientDataJSON) with the stored COSE key: \(valid ? "valid" : "INVALID")"
        )
        guard valid else { throw CommandFailure(.failed, "the assertion did not verify") }
        Console.out("Done: registered and signed in without a device or a person.")
    }

    func pickerResult(_ body: () async throws(AuthorizationError) -> AuthorizationResult) async throws -> AuthorizationResult {
        do { return try await body() } catch { throw CommandFailure(.failed, "\(error)") }
    }

    static func describe(_ flags: AuthenticatorData.Flags) -> String {
        var names: [String] = []
        if flags.contains(.userPresent) { names.append("UP") }
        if flags.contains(.userVerified) { names.append("UV") }
        if flags.contains(.backupEligible) { names.append("BE") }
        if flags.contains(.backupState) { names.append("BS") }
        if flags.contains(.attestedCredentialData) { names.append("AT") }
        if flags.contains(.extensionData) { names.append("ED") }
        return String(format: "0x%02x", flags.rawValue) + " (" + names.joined(separator: " ") + ")"
    }
}
