/// `registerNewPasskey(withRequest:authToken:)`: where the sheet is presented from and the name
/// the passkey is saved under.
public class NewPasskeyRequest: @unchecked Sendable {
    public let originWebAuthn: String?
    public let origin: String?
    /// The name that will be displayed by the system when presenting the passkey for login
    public let friendlyName: String
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let presenting: Presentation

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(presenting: Presentation, friendlyName: String, originWebAuthn: String? = nil, origin: String? = nil) {
        self.originWebAuthn = originWebAuthn
        self.origin = origin
        self.friendlyName = friendlyName
        self.presenting = presenting
    }

    /// 8.2's form.
    #if !ReachFive82 && !ReachFiveSeedPages
        @_spi(ReachFive82)
    #endif
    public convenience init(anchor: HeadlessPresentation, friendlyName: String, originWebAuthn: String? = nil, origin: String? = nil) {
        self.init(presenting: Presentation(from: anchor), friendlyName: friendlyName, originWebAuthn: originWebAuthn, origin: origin)
    }

    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var anchor: HeadlessPresentation { presenting.anchor() }
}
