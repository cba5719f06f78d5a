/// `resetPasskeys(withRequest:)`: the code the account-recovery message carried, the new
/// passkey's name, where the sheet is presented from, and the account's identifier.
public class ResetPasskeyRequest: @unchecked Sendable {
    public let email: String?
    public let phoneNumber: String?
    public let verificationCode: String

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
    public init(
        verificationCode: String, friendlyName: String, presenting: Presentation, email: String? = nil, phoneNumber: String? = nil,
        originWebAuthn: String? = nil, origin: String? = nil
    ) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
        self.originWebAuthn = originWebAuthn
        self.origin = origin
        self.friendlyName = friendlyName
        self.presenting = presenting
    }

    #if !ReachFive82 && !ReachFiveSeedPages
        @_spi(ReachFive82)
    #endif
    /// 8.2's form.
    public convenience init(
        verificationCode: String, friendlyName: String, anchor: HeadlessPresentation, email: String? = nil, phoneNumber: String? = nil,
        originWebAuthn: String? = nil, origin: String? = nil
    ) {
        self.init(
            verificationCode: verificationCode, friendlyName: friendlyName, presenting: Presentation(from: anchor), email: email,
            phoneNumber: phoneNumber, originWebAuthn: originWebAuthn, origin: origin)
    }

    /// The form 8.2's `resetPasskeys` example writes (no SDK release has it): the code comes as
    /// `resetPasskeys(withRequest:verificationCode:)`'s second argument.
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    @available(*, deprecated, message: "use init(verificationCode:friendlyName:anchor:email:phoneNumber:originWebAuthn:origin:)")
    public convenience init(
        anchor: HeadlessPresentation, email: String? = nil, phoneNumber: String? = nil, friendlyName: String, originWebAuthn: String? = nil,
        origin: String? = nil
    ) {
        self.init(
            verificationCode: "", friendlyName: friendlyName, anchor: anchor, email: email, phoneNumber: phoneNumber,
            originWebAuthn: originWebAuthn, origin: origin)
    }

    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public var anchor: HeadlessPresentation { presenting.anchor() }

    /// The same request with `code` as its verification code.
    func with(verificationCode code: String) -> ResetPasskeyRequest {
        ResetPasskeyRequest(
            verificationCode: code, friendlyName: friendlyName, presenting: presenting, email: email, phoneNumber: phoneNumber,
            originWebAuthn: originWebAuthn, origin: origin)
    }
}
