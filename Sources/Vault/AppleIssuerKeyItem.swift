import Foundation

/// The emulated Apple ID issuer's signing key (ES256), one per vault.
public struct AppleIssuerKeyItem: Equatable, Sendable {
    public var keyId: String
    public var privateKeyPKCS8: [UInt8]
    public var createdAt: Date
    public init(keyId: String, privateKeyPKCS8: [UInt8], createdAt: Date = Date()) {
        self.keyId = keyId
        self.privateKeyPKCS8 = privateKeyPKCS8
        self.createdAt = wholeMilliseconds(createdAt)
    }
}
