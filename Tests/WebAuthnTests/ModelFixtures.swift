import CBOR
import LatchkeyCrypto

@testable import WebAuthn

/// Valid structures built from first principles, used as seeds for parsing and fuzz tests.
enum ModelFixtures {
    static let key = try! P256PrivateKey(rawScalar: [UInt8](repeating: 0x11, count: 32))
    static let cose = COSEKey(p256: key.publicKey)
    static let credentialId: [UInt8] = Array(0..<16)

    static var registrationAuthData: AuthenticatorData {
        AuthenticatorData(
            rpIdHash: Digest.sha256("example.com"), flags: [.userPresent, .userVerified], signCount: 7,
            attestedCredentialData: .init(
                aaguid: AAGUID("fbfc3007-154e-4ecc-8c0b-6e020557d7bd")!, credentialId: credentialId, credentialPublicKey: cose),
            extensions: .map([(.text("credProtect"), 2)]))
    }

    static var attestationObject: [UInt8] {
        AttestationObject(format: "none", statement: .map([]), authenticatorData: registrationAuthData).bytes
    }

    static let clientDataJSON = Array(
        #"{"type":"webauthn.get","challenge":"AAECAw","origin":"https://example.com","crossOrigin":false,"other_keys_can_be_added_here":"do not compare clientDataJSON against a template"}"#
            .utf8)
}
