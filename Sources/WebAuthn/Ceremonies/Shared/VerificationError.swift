/// The ceremony step a verification failed at, named after WebAuthn L3 §7.1 / §7.2.
public enum VerificationStep: String, Sendable, CaseIterable, Codable {
    case parse
    case allowCredentials
    case userHandle
    case type
    case challenge
    case origin
    case crossOrigin
    case topOrigin
    case tokenBinding
    case attestationObject
    case rpIdHash
    case userPresent
    case userVerified
    case backupState
    case attestedCredentialData
    case algorithm
    case attestationFormat
    case attestationStatement
    case trustPath
    case signature
    case signCount
}

/// Why a ceremony was rejected: the step and the spec's wording.
public struct VerificationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// The response is not valid.
        case failed
        /// The response uses something this verifier cannot check (ML-DSA); neither pass nor fail.
        case unsupported
        /// The signature counter did not increase: the authenticator may be cloned (§6.1.1).
        case possibleClone
    }

    public var step: VerificationStep
    public var kind: Kind
    public var message: String

    public init(_ step: VerificationStep, _ message: String, kind: Kind = .failed) {
        self.step = step
        self.message = message
        self.kind = kind
    }

    public var description: String { "\(step.rawValue): \(message)" }

    public var isPossibleClone: Bool { kind == .possibleClone }
}
