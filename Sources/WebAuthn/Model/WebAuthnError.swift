import CBOR

/// Why a WebAuthn structure could not be parsed. Each case names the structure at fault.
public enum WebAuthnError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformedAuthenticatorData(String)
    case malformedCOSEKey(String)
    case malformedAttestationObject(String)
    case malformedClientData(String)
    case malformedJSON(String)
    case invalidBase64URL(field: String)
    case cbor(CBORError)

    public var description: String {
        switch self {
        case .malformedAuthenticatorData(let s): return "malformed authenticator data: \(s)"
        case .malformedCOSEKey(let s): return "malformed COSE key: \(s)"
        case .malformedAttestationObject(let s): return "malformed attestation object: \(s)"
        case .malformedClientData(let s): return "malformed client data: \(s)"
        case .malformedJSON(let s): return "malformed JSON: \(s)"
        case .invalidBase64URL(let f): return "\(f) is not valid base64url"
        case .cbor(let e): return "invalid CBOR: \(e)"
        }
    }
}
