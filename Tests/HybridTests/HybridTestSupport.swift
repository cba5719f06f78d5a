import Authenticator
import Foundation
import Hybrid
import HybridTunnel
import LatchkeyCrypto
import Picker
import TestSupport
import Vault
import WebAuthn

/// One device of a hybrid test: its own vault, and the picker over it.
struct Device {
    let vault: Vault
    let picker: CredentialPicker

    init() throws {
        let path = try ScratchDirectory.make("hybrid").appendingPathComponent("vault.db").path
        vault = try Vault.create(at: path, passphrase: Array("pw".utf8), kdf: Scrypt.Parameters(logN: 10))
        picker = try CredentialPicker(vault: vault, publicSuffixList: nil)
    }

    func perform(_ requests: [AuthorizationRequest], user: UserDriver) async -> Result<AuthorizationResult, AuthorizationError> {
        do throws(AuthorizationError) {
            return .success(try await picker.perform(requests, mode: .always, origin: "https://localhost", user: user))
        } catch {
            return .failure(error)
        }
    }
}

/// QR codes as the laptop shows them, for the phone (or an attacker) to scan.
final class QRFeed: @unchecked Sendable {
    let stream: AsyncStream<String>
    let continuation: AsyncStream<String>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream(of: String.self) }
    func next() async -> String? {
        for await qr in stream { return qr }
        return nil
    }
}

enum Options {
    static let challenge: [UInt8] = Array(0..<32)

    static func creation(user: String = "ada@example.com") throws -> PublicKeyCredentialCreationOptionsJSON {
        try WebAuthnJSON.decode(
            PublicKeyCredentialCreationOptionsJSON.self,
            from: Array(
                """
                {"rp":{"id":"localhost","name":"Local"},"user":{"id":"\(Base64URL.encode(Array(user.utf8)))","name":"\(user)","displayName":"Ada"},
                 "challenge":"\(Base64URL.encode(challenge))","pubKeyCredParams":[{"type":"public-key","alg":-7}],
                 "authenticatorSelection":{"residentKey":"required","userVerification":"required"}}
                """.utf8))
    }

    static func request() throws -> PublicKeyCredentialRequestOptionsJSON {
        try WebAuthnJSON.decode(
            PublicKeyCredentialRequestOptionsJSON.self,
            from: Array(#"{"challenge":"\#(Base64URL.encode(challenge))","rpId":"localhost","userVerification":"required"}"#.utf8))
    }
}
