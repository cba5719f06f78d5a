/// `PublicKeyCredentialDescriptorJSON` (L3 §5.1.x): a credential in allow/exclude lists.
public struct PublicKeyCredentialDescriptorJSON: Codable, Hashable, Sendable {
    public var id: Base64URLBytes
    public var type: String
    public var transports: [String]?

    public init(id: [UInt8], type: String = "public-key", transports: [String]? = nil) {
        self.id = Base64URLBytes(id)
        self.type = type
        self.transports = transports
    }
}

/// `PublicKeyCredentialParameters`.
public struct PublicKeyCredentialParametersJSON: Codable, Hashable, Sendable {
    public var type: String
    public var alg: COSEAlgorithm
    public init(type: String = "public-key", alg: COSEAlgorithm) {
        self.type = type
        self.alg = alg
    }
}
