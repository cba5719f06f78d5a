import Authenticator

/// Why a hybrid session ended without a credential. Every failure ends the session cleanly: the
/// tunnel is closed and nothing waits on.
public enum HybridError: Error, Equatable, Sendable, CustomStringConvertible {
    case badQR(String)
    case badFrame(String)
    /// The tunnel service refused or dropped a connection.
    case tunnel(String)
    /// Nothing answered in time (no advert for this QR code, no handshake, no response).
    case timedOut(String)
    /// The phone's user declined (CTAP2_ERR_OPERATION_DENIED) or the phone had no credential.
    case refusedByPhone(status: CTAPStatus, String)
    case handshake(String)

    public var description: String {
        switch self {
        case .badQR(let why): return "bad hybrid QR code: \(why)"
        case .badFrame(let why): return "bad tunnel message: \(why)"
        case .tunnel(let why): return "tunnel: \(why)"
        case .timedOut(let what): return "timed out: \(what)"
        case .refusedByPhone(let status, let why): return "the phone refused (\(status)): \(why)"
        case .handshake(let why): return "handshake failed: \(why)"
        }
    }
}
