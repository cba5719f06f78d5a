import Authenticator

/// CTAP 2.1 status codes (§8.2): the first byte of every CBOR response. The CTAP1 codes
/// (0x01–0x0B, 0x7F) double as CTAPHID error codes (§11.2.9.1.6).
public enum CTAPStatus: UInt8, Error, Sendable, CaseIterable, CustomStringConvertible {
    case ok = 0x00
    case invalidCommand = 0x01
    case invalidParameter = 0x02
    case invalidLength = 0x03
    case invalidSeq = 0x04
    case timeout = 0x05
    case channelBusy = 0x06
    case lockRequired = 0x0A
    case invalidChannel = 0x0B
    case cborUnexpectedType = 0x11
    case invalidCBOR = 0x12
    case missingParameter = 0x14
    case limitExceeded = 0x15
    case credentialExcluded = 0x19
    case processing = 0x21
    case invalidCredential = 0x22
    case userActionPending = 0x23
    case operationPending = 0x24
    case noOperations = 0x25
    case unsupportedAlgorithm = 0x26
    case operationDenied = 0x27
    case keyStoreFull = 0x28
    case unsupportedOption = 0x2B
    case invalidOption = 0x2C
    case keepaliveCancel = 0x2D
    case noCredentials = 0x2E
    case userActionTimeout = 0x2F
    case notAllowed = 0x30
    case pinInvalid = 0x31
    case pinBlocked = 0x32
    case pinAuthInvalid = 0x33
    case pinAuthBlocked = 0x34
    case pinNotSet = 0x35
    case puatRequired = 0x36
    case pinPolicyViolation = 0x37
    case requestTooLarge = 0x39
    case actionTimeout = 0x3A
    case upRequired = 0x3B
    case uvBlocked = 0x3C
    case integrityFailure = 0x3D
    case invalidSubcommand = 0x3E
    case uvInvalid = 0x3F
    case unauthorizedPermission = 0x40
    case other = 0x7F

    public var description: String { "CTAP status 0x" + String(rawValue, radix: 16, uppercase: true) }

    /// The status a host sees for an authenticator failure.
    init(_ error: AuthenticatorError) {
        self = CTAPStatus(rawValue: error.status.rawValue) ?? .other
    }
}
