import CBOR

/// The attestation object (WebAuthn L3 §6.5): `{fmt, attStmt, authData}`.
public struct AttestationObject: Equatable, Sendable {
    public var format: String
    public var statement: CBOR
    public var authenticatorData: AuthenticatorData
    /// authData exactly as received; signatures cover these bytes.
    public var rawAuthenticatorData: [UInt8]

    /// - Parameter rawAuthenticatorData: the encoding of `authenticatorData` when the caller
    ///   already has it (it signed those bytes); encoded here otherwise.
    public init(format: String, statement: CBOR, authenticatorData: AuthenticatorData, rawAuthenticatorData: [UInt8]? = nil) {
        self.format = format
        self.statement = statement
        self.authenticatorData = authenticatorData
        self.rawAuthenticatorData = rawAuthenticatorData ?? authenticatorData.bytes
    }

    public init(bytes: [UInt8]) throws(WebAuthnError) {
        guard !bytes.isEmpty else { throw .malformedAttestationObject("empty") }
        let cbor: CBOR
        do { cbor = try CBORDecoder(maxDepth: 16, maxInputLength: 1 << 20).decode(bytes) } catch { throw .cbor(error) }
        guard case .map = cbor else { throw .malformedAttestationObject("not a CBOR map") }
        guard let fmt = cbor[text: "fmt"]?.textValue else { throw .malformedAttestationObject("fmt is missing or not text") }
        // attStmt is a map, except for the L3 `compound` format, where it is an array of statements.
        guard let stmt = cbor[text: "attStmt"], stmt.mapValue != nil || (fmt == "compound" && stmt.arrayValue != nil) else {
            throw .malformedAttestationObject("attStmt is missing or not a map")
        }
        guard let auth = cbor[text: "authData"]?.bytesValue else { throw .malformedAttestationObject("authData is missing or not bytes") }
        format = fmt
        statement = stmt
        rawAuthenticatorData = auth
        authenticatorData = try AuthenticatorData(bytes: auth)
    }

    public var bytes: [UInt8] {
        CBOREncoder.encode(
            .map([(.text("fmt"), .text(format)), (.text("attStmt"), statement), (.text("authData"), .bytes(rawAuthenticatorData))]))
    }
}
