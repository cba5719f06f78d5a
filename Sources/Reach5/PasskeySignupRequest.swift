/// `signup(withRequest:)`: the profile, the passkey's name, and where the sheet is presented from.
public class PasskeySignupRequest: @unchecked Sendable {
    public let passkeyProfile: ProfilePasskeySignupRequest
    /// The name that will be displayed by the system when presenting the passkey for login
    public let friendlyName: String
    public let originWebAuthn: String?
    public let scopes: [String]?
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let presenting: Presentation
    public let origin: String?

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(
        passkeyProfile: ProfilePasskeySignupRequest, friendlyName: String, presenting: Presentation, originWebAuthn: String? = nil,
        scopes: [String]? = nil, origin: String? = nil
    ) {
        self.passkeyProfile = passkeyProfile
        self.friendlyName = friendlyName
        self.originWebAuthn = originWebAuthn
        self.scopes = scopes
        self.presenting = presenting
        self.origin = origin
    }

    #if !ReachFive82 && !ReachFiveSeedPages
        @_spi(ReachFive82)
    #endif
    /// 8.2's form.
    public convenience init(
        passkeyProfile: ProfilePasskeySignupRequest, friendlyName: String, anchor: HeadlessPresentation, originWebAuthn: String? = nil,
        scopes: [String]? = nil, origin: String? = nil
    ) {
        self.init(
            passkeyProfile: passkeyProfile, friendlyName: friendlyName, presenting: Presentation(from: anchor),
            originWebAuthn: originWebAuthn, scopes: scopes, origin: origin)
    }

    /// The label as the seed page and the 8.2 example spell it (`passkeyPofile`), so their code
    /// compiles as written.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    @available(*, deprecated, renamed: "init(passkeyProfile:friendlyName:anchor:originWebAuthn:scopes:origin:)")
    public convenience init(
        passkeyPofile: ProfilePasskeySignupRequest, friendlyName: String, anchor: HeadlessPresentation, originWebAuthn: String? = nil,
        scopes: [String]? = nil, origin: String? = nil
    ) {
        self.init(
            passkeyProfile: passkeyPofile, friendlyName: friendlyName, anchor: anchor, originWebAuthn: originWebAuthn, scopes: scopes,
            origin: origin)
    }

    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var anchor: HeadlessPresentation { presenting.anchor() }
}
