import LatchkeyCrypto

/// One side's key pair for a Noise DH function (Noise §4.1): the public key as handshake
/// messages carry it, and DH with a peer's public key.
public protocol NoiseKeyPair: Sendable {
    var publicKey: [UInt8] { get }
    func dh(_ peerPublicKey: [UInt8]) throws -> [UInt8]
}

/// A Noise DH function, injected into the handshake so the one state machine runs with X25519
/// (the Noise specification's own function, against its published vectors) and with P-256
/// (what FIDO hybrid uses).
public protocol NoiseDH: Sendable {
    /// The DH part of the protocol name: `25519`, `P256`.
    var name: String { get }
    /// DHLEN in bytes on the wire: the size of a public key in a handshake message.
    var publicKeyLength: Int { get }
    func generateKeyPair() throws -> any NoiseKeyPair
}

/// Curve25519 (Noise §12.1).
public struct X25519DH: NoiseDH {
    public init() {}
    public var name: String { "25519" }
    public var publicKeyLength: Int { 32 }
    public func generateKeyPair() throws -> any NoiseKeyPair { X25519KeyPair(try X25519PrivateKey.generate()) }
}

public struct X25519KeyPair: NoiseKeyPair {
    public let key: X25519PrivateKey
    public init(_ key: X25519PrivateKey) { self.key = key }
    public var publicKey: [UInt8] { key.publicKey }
    public func dh(_ peerPublicKey: [UInt8]) throws -> [UInt8] { try key.sharedSecret(with: peerPublicKey).bytes }
}

/// P-256 as caBLE v2 uses it: public keys as 65-byte uncompressed SEC1 points, DH output the
/// shared point's x-coordinate.
public struct P256DH: NoiseDH {
    public init() {}
    public var name: String { "P256" }
    public var publicKeyLength: Int { 65 }
    public func generateKeyPair() throws -> any NoiseKeyPair { P256KeyPair(try P256PrivateKey.generate()) }
}

public struct P256KeyPair: NoiseKeyPair {
    public let key: P256PrivateKey
    public init(_ key: P256PrivateKey) { self.key = key }
    public var publicKey: [UInt8] { key.publicKey.uncompressed }
    public func dh(_ peerPublicKey: [UInt8]) throws -> [UInt8] {
        try key.sharedSecret(with: P256PublicKey(sec1: peerPublicKey)).bytes
    }
}
