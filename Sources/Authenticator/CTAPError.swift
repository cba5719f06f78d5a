/// CTAP 2.1 status codes (§8.2) the authenticator returns.
public enum CTAPError: UInt8, Error, Sendable, CustomStringConvertible {
    case invalidParameter = 0x02
    case invalidLength = 0x03
    case missingParameter = 0x14
    case credentialExcluded = 0x19
    case unsupportedAlgorithm = 0x26
    case operationDenied = 0x27
    case keyStoreFull = 0x28
    case unsupportedOption = 0x2B
    case invalidOption = 0x2C
    case noCredentials = 0x2E
    case userActionTimeout = 0x2F
    case notAllowed = 0x30
    case uvInvalid = 0x3F
    case other = 0x7F

    public var name: String {
        switch self {
        case .invalidParameter: return "CTAP2_ERR_INVALID_PARAMETER"
        case .invalidLength: return "CTAP1_ERR_INVALID_LENGTH"
        case .missingParameter: return "CTAP2_ERR_MISSING_PARAMETER"
        case .credentialExcluded: return "CTAP2_ERR_CREDENTIAL_EXCLUDED"
        case .unsupportedAlgorithm: return "CTAP2_ERR_UNSUPPORTED_ALGORITHM"
        case .operationDenied: return "CTAP2_ERR_OPERATION_DENIED"
        case .keyStoreFull: return "CTAP2_ERR_KEY_STORE_FULL"
        case .unsupportedOption: return "CTAP2_ERR_UNSUPPORTED_OPTION"
        case .invalidOption: return "CTAP2_ERR_INVALID_OPTION"
        case .noCredentials: return "CTAP2_ERR_NO_CREDENTIALS"
        case .userActionTimeout: return "CTAP2_ERR_USER_ACTION_TIMEOUT"
        case .notAllowed: return "CTAP2_ERR_NOT_ALLOWED"
        case .uvInvalid: return "CTAP2_ERR_UV_INVALID"
        case .other: return "CTAP1_ERR_OTHER"
        }
    }

    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}
