import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Vault
import WebAuthn

@testable import Picker

/// A fresh vault and picker, with helpers to seed local credentials the way a user would
/// (through the picker), so each table row starts from a known device state.
struct PickerFixture {
    let vault: Vault
    let picker: CredentialPicker
    let origin = "https://login.example.com"
    let rpId = "example.com"

    init() throws {
        let dir = try ScratchDirectory.make("picker")
        vault = try Vault.create(at: dir.appendingPathComponent("v.db").path, passphrase: Array("pw".utf8), kdf: .init(logN: 10))
        picker = try CredentialPicker(
            vault: vault, appleAccount: .init(email: "jane@icloud.example", fullName: "Jane Appleseed"),
            publicSuffixList: try PublicSuffixList.loadSystem())
    }

    func creation(user: [UInt8] = [1], name: String = "alice", exclude: [[UInt8]] = []) -> PublicKeyCredentialCreationOptionsJSON {
        .init(
            rp: .init(id: rpId, name: "Example"), user: .init(id: user, name: name, displayName: name.capitalized),
            challenge: SystemRandom.bytes(32), pubKeyCredParams: [.init(alg: .es256)], excludeCredentials: exclude.map { .init(id: $0) },
            authenticatorSelection: .init(residentKey: .required, userVerification: .required))
    }

    func request(allow: [[UInt8]]? = nil) -> PublicKeyCredentialRequestOptionsJSON {
        .init(challenge: SystemRandom.bytes(32), rpId: rpId, allowCredentials: allow?.map { .init(id: $0) }, userVerification: .preferred)
    }

    /// Registers a passkey through the picker; returns its credential id and public key.
    @discardableResult
    func addPasskey(name: String = "alice", user: [UInt8] = [1]) async throws -> (id: [UInt8], key: COSEKey) {
        guard
            case .passkeyRegistration(let r) = try await picker.perform(
                [.passkeyRegistration(creation(user: user, name: name))], mode: .always,
                origin: origin, user: ScriptedUserDriver([.createPasskey]))
        else {
            throw AuthorizationError(.failed, "no registration")
        }
        let object = try AttestationObject(bytes: r.response.attestationObject.bytes)
        return (r.rawId.bytes, object.authenticatorData.attestedCredentialData!.credentialPublicKey)
    }

    func addPassword(
        _ username: String = "bob@example.com", _ password: String = "pa55'; DROP--", domain: String = "login.example.com",
        includeSubdomains: Bool = false
    ) throws {
        try vault.add(.password(PasswordItem(domain: domain, username: username, password: password, includeSubdomains: includeSubdomains)))
    }

    let apple = AppleIDRequest(clientId: "com.example.web", scopes: [.email, .fullName], nonce: "n-0S6_WzA2Mj")
}

extension CredentialPicker {
    /// `perform` as a `Result`, for tables of expected outcomes.
    func outcome(
        _ requests: [AuthorizationRequest], mode: DisplayMode, origin: String, user: UserDriver, anchor: PresentationAnchor? = nil
    ) async -> Result<AuthorizationResult, AuthorizationError> {
        do throws(AuthorizationError) {
            return .success(try await perform(requests, mode: mode, origin: origin, user: user, anchor: anchor))
        } catch {
            return .failure(error)
        }
    }
}
