/// A Noise handshake pattern (§7): its pre-messages and message tokens. Only the two FIDO hybrid
/// uses are defined: `KNpsk0` (QR-initiated: the phone knows the laptop's key from the QR code)
/// and `NKpsk0` (state-assisted: the laptop knows the linked phone's key).
public struct NoisePattern: Sendable, Equatable {
    public enum Token: Sendable, Equatable { case e, s, ee, es, se, ss, psk }

    public let name: String
    /// Public keys known before the handshake: the initiator's, then the responder's.
    public let initiatorPreMessage: [Token]
    public let responderPreMessage: [Token]
    /// Message patterns in order; even indexes are the initiator's.
    public let messages: [[Token]]

    /// `-> s ... -> psk, e  <- e, ee, se`
    public static let KNpsk0 = NoisePattern(
        name: "KNpsk0", initiatorPreMessage: [.s], responderPreMessage: [], messages: [[.psk, .e], [.e, .ee, .se]])
    /// `<- s ... -> psk, e, es  <- e, ee`
    public static let NKpsk0 = NoisePattern(
        name: "NKpsk0", initiatorPreMessage: [], responderPreMessage: [.s], messages: [[.psk, .e, .es], [.e, .ee]])

    var usesPSK: Bool { messages.contains { $0.contains(.psk) } }
}
