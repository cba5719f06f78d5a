import Foundation
import LatchkeyCrypto
import Vault
import WebAuthn

/// The local stand-in for appleid.apple.com: an ES256 key kept in the vault that signs identity
/// tokens, and its JWKS so a relying party (or the local identity server) can verify them.
public final class AppleIDIssuer: @unchecked Sendable {
    public static let issuer = "https://appleid.apple.com"
    public let keyId: String
    let key: P256PrivateKey

    init(keyId: String, key: P256PrivateKey) { self.keyId = keyId; self.key = key }

    /// The vault's issuer key, created on first use.
    public static func load(from vault: Vault) throws -> AppleIDIssuer {
        if let stored = try vault.appleIssuerKey() {
            return AppleIDIssuer(keyId: stored.keyId, key: try P256PrivateKey(pkcs8: stored.privateKeyPKCS8))
        }
        let key = try P256PrivateKey.generate()
        let keyId = String(Base64URL.encode(SystemRandom.bytes(8)))
        try vault.add(.appleIssuerKey(AppleIssuerKeyItem(keyId: keyId, privateKeyPKCS8: key.pkcs8.bytes)))
        return AppleIDIssuer(keyId: keyId, key: key)
    }

    /// An identity token as Apple issues it: `iss`, `aud` (the Services ID), `sub` (the stable
    /// user identifier), `iat`/`exp`, `nonce`, `email`, `email_verified`, `is_private_email`.
    public func identityToken(clientId: String, user: String, email: String?, privateEmail: Bool, nonce: String?,
                              now: Date = Date()) throws -> String {
        let header: [String: Any] = ["alg": "ES256", "kid": keyId, "typ": "JWT"]
        var claims: [String: Any] = ["iss": Self.issuer, "aud": clientId, "sub": user, "iat": Int(now.timeIntervalSince1970),
                                     "exp": Int(now.timeIntervalSince1970) + 600, "auth_time": Int(now.timeIntervalSince1970),
                                     "nonce_supported": true]
        if let nonce { claims["nonce"] = nonce }
        if let email {
            claims["email"] = email
            claims["email_verified"] = true
            claims["is_private_email"] = privateEmail
        }
        let h = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])))
        let c = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])))
        let signingInput = Array("\(h).\(c)".utf8)
        let signature = try ECDSASignature.raw(fromDER: try key.sign(signingInput))
        return "\(h).\(c).\(Base64URL.encode(signature))"
    }

    /// The JWKS document (`{"keys":[…]}`) with this issuer's public key.
    public var jwks: String {
        let pub = key.publicKey
        return #"{"keys":[{"alg":"ES256","crv":"P-256","kid":"\#(keyId)","kty":"EC","use":"sig","x":"\#(Base64URL.encode(pub.x))","y":"\#(Base64URL.encode(pub.y))"}]}"#
    }

    public var publicKey: P256PublicKey { key.publicKey }
}
