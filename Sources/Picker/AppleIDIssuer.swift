import Foundation
import JOSE
import LatchkeyCrypto
import Vault
import WebAuthn

/// The local stand-in for appleid.apple.com: an ES256 key kept in the vault that signs identity
/// tokens, and its JWKS so a relying party (or the local identity server) can verify them.
public final class AppleIDIssuer: Sendable {
    public static let issuer = "https://appleid.apple.com"
    public let keyId: String
    let key: P256PrivateKey

    init(keyId: String, key: P256PrivateKey) {
        self.keyId = keyId
        self.key = key
    }

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
    public func identityToken(
        clientId: String, user: String, email: String?, privateEmail: Bool, nonce: String?,
        now: Date = Date()
    ) throws -> String {
        let seconds = Double(Int(now.timeIntervalSince1970))
        var claims: [String: JSONValue] = [
            "iss": .string(Self.issuer), "aud": .string(clientId), "sub": .string(user),
            "iat": .number(seconds), "exp": .number(seconds + 600), "auth_time": .number(seconds),
            "nonce_supported": .bool(true),
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        if let email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(true)
            claims["is_private_email"] = .bool(privateEmail)
        }
        return try JWT.signES256(claims: claims, key: key, keyId: keyId)
    }

    /// The JWK Set with this issuer's public key.
    public var keySet: JWKSet { JWKSet(keys: [JWK(p256: key.publicKey, keyId: keyId)]) }

    /// The JWKS document (`{"keys":[…]}`) with this issuer's public key.
    public var jwks: String { keySet.json }

    public var publicKey: P256PublicKey { key.publicKey }
}
