/// A PublicKeyCredentialUserEntity as CTAP carries it: the user handle, and the names only
/// where they may be shown (at makeCredential, and at getAssertion after user verification).
public struct CTAPUserEntity: Sendable, Equatable {
    public var id: [UInt8]
    public var name: String?
    public var displayName: String?

    public init(id: [UInt8], name: String? = nil, displayName: String? = nil) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }
}
