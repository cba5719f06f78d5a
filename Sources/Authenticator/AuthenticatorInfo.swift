import CBOR
import WebAuthn

/// authenticatorGetInfo response (CTAP 2.1 §6.4).
public struct AuthenticatorInfo: Sendable, Equatable {
    public var versions: [String]
    public var extensions: [String]
    public var aaguid: AAGUID
    public var options: [String: Bool]
    public var maxCredentialIdLength: Int
    public var transports: [String]
    public var algorithms: [COSEAlgorithm]

    /// The CTAP2 CBOR encoding with integer keys.
    public var cbor: CBOR {
        .map([
            (1, .array(versions.map(CBOR.text))),
            (2, .array(extensions.map(CBOR.text))),
            (3, .bytes(aaguid.bytes)),
            (4, .map(options.sorted { $0.key < $1.key }.map { (CBOR.text($0.key), CBOR.bool($0.value)) })),
            (8, .int(maxCredentialIdLength)),
            (9, .array(transports.map(CBOR.text))),
            (10, .array(algorithms.map { .map([(.text("alg"), .int($0.rawValue)), (.text("type"), .text("public-key"))]) })),
        ])
    }
}
