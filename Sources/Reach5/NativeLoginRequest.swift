/// The request of the modal, non-discoverable and auto-fill logins: where the sheet is presented
/// from, plus the WebAuthn origin, scopes and analytics origin (nil: the SDK's own).
public class NativeLoginRequest: @unchecked Sendable {
    public let originWebAuthn: String?
    public let scopes: [String]?
    /// Where the sheet is presented from (11.0).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let presenting: Presentation
    public let origin: String?

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(presenting: Presentation, originWebAuthn: String? = nil, scopes: [String]? = nil, origin: String? = nil) {
        self.originWebAuthn = originWebAuthn
        self.scopes = scopes
        self.presenting = presenting
        self.origin = origin
    }

    /// 8.2's form: the window the sheet is anchored on.
    #if !ReachFive82 && !ReachFiveSeedPages
        @_spi(ReachFive82)
    #endif
    public convenience init(anchor: HeadlessPresentation, originWebAuthn: String? = nil, scopes: [String]? = nil, origin: String? = nil) {
        self.init(presenting: Presentation(from: anchor), originWebAuthn: originWebAuthn, scopes: scopes, origin: origin)
    }

    /// The window the sheet is anchored on (8.2).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var anchor: HeadlessPresentation { presenting.anchor() }
}
