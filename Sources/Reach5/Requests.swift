import Foundation

/// `signup(withRequest:)`: the profile, the passkey's name, and where the sheet appears.
public struct PasskeySignupRequest: Sendable {
    public let passkeyProfile: ProfilePasskeySignupRequest
    public let friendlyName: String
    public let anchor: HeadlessPresentation
    public let originWebAuthn: String?
    public let scopes: [String]?
    public let origin: String?

    public init(
        passkeyProfile: ProfilePasskeySignupRequest, friendlyName: String, anchor: HeadlessPresentation,
        originWebAuthn: String? = nil, scopes: [String]? = nil, origin: String? = nil
    ) {
        self.passkeyProfile = passkeyProfile
        self.friendlyName = friendlyName
        self.anchor = anchor
        self.originWebAuthn = originWebAuthn
        self.scopes = scopes
        self.origin = origin
    }

    /// The label as the seed page spells it (`passkeyPofile`), so its example compiles as written.
    public init(
        passkeyPofile: ProfilePasskeySignupRequest, friendlyName: String, anchor: HeadlessPresentation,
        originWebAuthn: String? = nil, scopes: [String]? = nil, origin: String? = nil
    ) {
        self.init(
            passkeyProfile: passkeyPofile, friendlyName: friendlyName, anchor: anchor, originWebAuthn: originWebAuthn, scopes: scopes,
            origin: origin)
    }
}

/// The modal and non-discoverable logins' request.
public struct NativeLoginRequest: Sendable {
    public let anchor: HeadlessPresentation
    public let originWebAuthn: String?
    public let scopes: [String]?
    public let origin: String?

    public init(anchor: HeadlessPresentation, originWebAuthn: String? = nil, scopes: [String]? = nil, origin: String? = nil) {
        self.anchor = anchor
        self.originWebAuthn = originWebAuthn
        self.scopes = scopes
        self.origin = origin
    }
}

/// `registerNewPasskey(withRequest:authToken:)`.
public struct NewPasskeyRequest: Sendable {
    public let anchor: HeadlessPresentation
    public let friendlyName: String
    public let originWebAuthn: String?
    public let origin: String?
    public init(anchor: HeadlessPresentation, friendlyName: String, originWebAuthn: String? = nil, origin: String? = nil) {
        self.anchor = anchor
        self.friendlyName = friendlyName
        self.originWebAuthn = originWebAuthn
        self.origin = origin
    }
}

/// A passkey registered to the account (`listWebAuthnCredentials`).
public struct DeviceCredential: Sendable, Codable, Equatable {
    public let friendlyName: String
    public let id: String
    public let createdAt: String?
    public let lastUsedAt: String?
    public let aaguid: String?
}
